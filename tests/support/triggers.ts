/**
 * The Firestore triggers, run in-process for the in-process suites: the emulator only fires
 * triggers for the project it serves, so here each trigger of functions/src/functions listens
 * to its own documents in this file's project and its handler runs on every change, with the
 * event the Functions runtime would build (the snapshot or the before/after change, and the
 * path parameters). Like the emulator, a failing trigger is logged and not retried.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { UserRecord } from 'firebase-admin/auth';
import type { DocumentSnapshot, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { adminDb } from './admin';
import { TEST_PROJECT_ID } from './project';

interface FirestoreTrigger {
  run: (event: unknown) => Promise<unknown>;
  __endpoint?: {
    eventTrigger?: { eventType: string; eventFilterPathPatterns?: { document?: string } };
  };
}

const FUNCTIONS_DIR = join(__dirname, '..', '..', 'functions', 'src', 'functions');

type Kind = 'created' | 'updated' | 'deleted' | 'written';

interface Listener {
  name: string;
  kind: Kind;
  pattern: string[];
  handler: FirestoreTrigger;
}

/** Every Firestore trigger the functions define, with the documents it watches. */
function firestoreTriggers(): Listener[] {
  const listeners: Listener[] = [];
  for (const file of readdirSync(FUNCTIONS_DIR)) {
    if (!/^on[A-Z].*\.ts$/.test(file)) continue;
    const name = file.replace(/\.ts$/, '');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const handler = (require(join(FUNCTIONS_DIR, file)) as Record<string, FirestoreTrigger>)[name];
    const trigger = handler?.__endpoint?.eventTrigger;
    const document = trigger?.eventFilterPathPatterns?.document;
    if (!handler || !trigger || !document) continue;
    const kind = /document\.v1\.(created|updated|deleted|written)$/.exec(trigger.eventType)?.[1];
    if (!kind) continue;
    listeners.push({ name, kind: kind as Kind, pattern: document.split('/'), handler });
  }
  return listeners;
}

/** The path's parameters when it matches the pattern (`raffles/{raffleId}`), else null. */
function paramsOf(pattern: string[], path: string): Record<string, string> | null {
  const segments = path.split('/');
  if (segments.length !== pattern.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of pattern.entries()) {
    const wildcard = /^\{(\w+)\}$/.exec(part);
    if (wildcard) params[wildcard[1]!] = segments[i]!;
    else if (part !== segments[i]) return null;
  }
  return params;
}

/** A snapshot of a document that does not exist (before a create, after a delete). */
function missing(like: QueryDocumentSnapshot): DocumentSnapshot {
  return {
    exists: false,
    id: like.id,
    ref: like.ref,
    data: () => undefined,
    get: () => undefined,
  } as unknown as DocumentSnapshot;
}

const pending = new Set<Promise<unknown>>();
let lastEventAt = 0;

/**
 * Resolves once every trigger set off so far (and those they set off) has finished and no
 * change has reached a trigger for `quietMs` since the call: a write's change reaches its
 * listener a moment after the write.
 */
export async function triggersSettled(quietMs = 250): Promise<void> {
  const startedAt = Date.now();
  for (;;) {
    while (pending.size > 0) await Promise.allSettled([...pending]);
    const quietFor = Date.now() - Math.max(lastEventAt, startedAt);
    if (quietFor >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, quietMs - quietFor));
  }
}

/**
 * The Auth trigger, as the emulator fires it when an account is created (in-process suites
 * call this right after creating one).
 */
export async function fireUserCreated(user: UserRecord): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { onUserCreated } = require(join(FUNCTIONS_DIR, 'onUserCreated.ts')) as {
    onUserCreated: { run: (user: UserRecord, context: object) => Promise<unknown> };
  };
  await onUserCreated.run(user, {
    params: {},
    eventType: 'providers/firebase.auth/eventTypes/user.create',
    resource: { service: 'firebaseauth.googleapis.com', name: `projects/${TEST_PROJECT_ID}` },
  });
}

/** How often an in-process task is tried, and the wait after a failure (grows each time). */
const TASK_ATTEMPTS = 10;
const TASK_RETRY_MS = 100;
const queuedTaskIds = new Set<string>();

/**
 * The task queues, in-process: a task runs beside the test as Cloud Tasks runs it (once per
 * id, retried with growing waits when it throws), and the file waits for it like a trigger.
 */
function runTasksInProcess(): void {
  globalThis.inProcessTaskQueue = (queue, data, id) => {
    if (queuedTaskIds.has(id)) return Promise.resolve();
    queuedTaskIds.add(id);
    const file = join(FUNCTIONS_DIR, `${queue}.ts`);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const handler = (require(file) as Record<string, FirestoreTrigger>)[queue]!;
    const run = (async () => {
      for (let attempt = 1; attempt <= TASK_ATTEMPTS; attempt += 1) {
        try {
          await handler.run({ data, id, queueName: queue, retryCount: attempt - 1 });
          return;
        } catch (error) {
          if (attempt === TASK_ATTEMPTS) console.error(`Task ${queue} ${id} gave up:`, error);
          await new Promise((resolve) => setTimeout(resolve, TASK_RETRY_MS * attempt));
        }
      }
    })();
    pending.add(run);
    void run.finally(() => pending.delete(run));
    return Promise.resolve();
  };
}

/** Starts every trigger; resolves once all listen. The answer stops them. */
export async function startTriggers(): Promise<() => Promise<void>> {
  runTasksInProcess();
  const stops: Array<() => void> = [];
  await Promise.all(
    firestoreTriggers().map(
      (listener) =>
        new Promise<void>((ready, failed) => {
          const collectionId = listener.pattern[listener.pattern.length - 2]!;
          const known = new Map<string, QueryDocumentSnapshot>();
          let first = true;
          const stop = adminDb.collectionGroup(collectionId).onSnapshot((snapshot) => {
            if (!first) lastEventAt = Date.now();
            for (const change of snapshot.docChanges()) {
              const doc = change.doc;
              const before = known.get(doc.ref.path);
              if (change.type === 'removed') known.delete(doc.ref.path);
              else known.set(doc.ref.path, doc);
              // The first answer is what was there before the suite started: no events.
              if (first) continue;
              const params = paramsOf(listener.pattern, doc.ref.path);
              if (!params) continue;
              const event = eventFor(listener.kind, change.type, doc, before, params);
              if (!event) continue;
              const run = listener.handler.run(event).catch((error: unknown) => {
                console.error(`Trigger ${listener.name} failed on ${doc.ref.path}:`, error);
              });
              pending.add(run);
              void run.finally(() => pending.delete(run));
            }
            if (first) {
              first = false;
              ready();
            }
          }, failed);
          stops.push(stop);
        }),
    ),
  );
  return async () => {
    await triggersSettled();
    for (const stop of stops) stop();
  };
}

/** The event the Functions runtime hands a trigger of `kind`, or null when it does not fire. */
function eventFor(
  kind: Kind,
  type: 'added' | 'modified' | 'removed',
  doc: QueryDocumentSnapshot,
  before: QueryDocumentSnapshot | undefined,
  params: Record<string, string>,
): { data: unknown; params: Record<string, string> } | null {
  const change = (from: DocumentSnapshot, to: DocumentSnapshot) => ({ before: from, after: to });
  switch (kind) {
    case 'created':
      return type === 'added' ? { data: doc, params } : null;
    case 'deleted':
      return type === 'removed' ? { data: doc, params } : null;
    case 'updated':
      if (type === 'modified' && before) return { data: change(before, doc), params };
      // Created and updated between two snapshots of the listener: the update still happened
      // (its earlier version is gone, as after several quick updates).
      if (type === 'added' && !doc.updateTime.isEqual(doc.createTime)) {
        return { data: change(missing(doc), doc), params };
      }
      return null;
    case 'written':
      if (type === 'added') return { data: change(missing(doc), doc), params };
      if (type === 'removed') return { data: change(doc, missing(doc)), params };
      return { data: change(before ?? missing(doc), doc), params };
  }
}
