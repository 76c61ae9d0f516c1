import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFunctions } from 'firebase-admin/functions';
import { app, REGION } from './firebase';
import { runningProject } from './project';

/** The service account the Cloud Tasks emulator expects (firebase-admin's own default). */
const EMULATED_SERVICE_ACCOUNT = 'emulated-service-acct@email.com';

/**
 * The app that queues tasks. Deployed, the functions' own (its service account comes from the
 * metadata server). Under the emulator there is no metadata server, and asking it costs seconds
 * per task: an app of its own names the emulator's service account instead.
 */
function queueApp(): App {
  if (process.env.FUNCTIONS_EMULATOR !== 'true') return app;
  const name = 'task-queue';
  return (
    getApps().find((existing) => existing.name === name) ??
    initializeApp({ projectId: runningProject(), serviceAccountId: EMULATED_SERVICE_ACCOUNT }, name)
  );
}

/** The task queues the functions define (each an `onTaskDispatched` function of that name). */
export type TaskQueueName = 'sendBroadcastPage';

/** Puts a task on a queue; `id` makes a repeat of the same task a no-op. */
export type Enqueue = (
  queue: TaskQueueName,
  data: Record<string, unknown>,
  id: string,
) => Promise<void>;

declare global {
  /**
   * The in-process suites' queue (tests/support/triggers.ts): they run functions outside the
   * emulator, so tasks run beside the test as Cloud Tasks would run them, retries included.
   */
  var inProcessTaskQueue: Enqueue | undefined;
}

/**
 * Cloud Tasks, through the Admin SDK: in production the queue of the deployed function, under
 * the emulator its Cloud Tasks emulator (CLOUD_TASKS_EMULATOR_HOST, which it sets).
 */
export const enqueueTask: Enqueue = async (queue, data, id) => {
  if (process.env.FUNCTIONS_IN_PROCESS === 'true' && globalThis.inProcessTaskQueue) {
    return globalThis.inProcessTaskQueue(queue, data, id);
  }
  try {
    await getFunctions(queueApp())
      .taskQueue(`locations/${REGION}/functions/${queue}`)
      .enqueue(data, { id });
  } catch (error) {
    // Already queued under this id (a retried step): the task exists, which is what was asked.
    if ((error as { code?: string }).code === 'functions/task-already-exists') return;
    throw error;
  }
};
