import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { db, REGION } from '../lib/firebase';
import { enqueueTask } from '../lib/tasks';
import { broadcastTaskSchema, runBroadcastPage } from '../services/notifications/broadcast';

/**
 * The queue of a send to all: each task sends one page of users and queues the next, so any
 * number of users completes without one function's timeout, and a failed page is retried
 * with growing waits (Cloud Tasks' retries) instead of losing the rest of the send.
 */
export const sendBroadcastPage = onTaskDispatched(
  {
    region: REGION,
    retryConfig: { maxAttempts: 20, minBackoffSeconds: 2, maxBackoffSeconds: 300 },
    rateLimits: { maxConcurrentDispatches: 4 },
    timeoutSeconds: 300,
    memory: '512MiB',
  },
  async (request) => {
    await runBroadcastPage(db, broadcastTaskSchema.parse(request.data), { enqueue: enqueueTask });
  },
);
