/** The Admin SDK pointed at the emulators started by `npm test`, in this file's project. */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type Timestamp } from 'firebase-admin/firestore';
import { TEST_PROJECT_ID } from './project';

// The functions' own modules (run in-process) share this default app.
const app = getApps()[0] ?? initializeApp({ projectId: TEST_PROJECT_ID });
export const adminDb = getFirestore(app);
export const adminAuth = getAuth(app);

/**
 * A document's `updatedAt` in ms (null when it has none): the version an admin form opened on
 * it sends as `seenUpdatedAt`.
 */
export async function versionOf(path: string): Promise<number | null> {
  const updatedAt = (await adminDb.doc(path).get()).get('updatedAt') as Timestamp | undefined;
  return updatedAt?.toMillis() ?? null;
}

/** Polls until `check` returns a value, or fails after the timeout. */
export async function eventually<T>(
  check: () => Promise<T | null | undefined>,
  { timeoutMs = 15_000, intervalMs = 100, what = 'the condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * How long to wait for an Auth trigger's work (onUserCreated, onUserDeleted): the Functions
 * emulator queues it behind the other suites' triggers in a full run, where 15 s once fell short.
 */
export const AUTH_TRIGGER_WAIT_MS = 60_000;

/** A unique e-mail per call, so suites never collide. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}
