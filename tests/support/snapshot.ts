/**
 * Whole-database snapshots for the hardening suites: every document's path and update time,
 * read in one query through the Firestore emulator's REST API (a kindless `allDescendants`
 * query projected on `__name__`, so no field data is transferred). Comparing two snapshots
 * shows every document created, deleted or rewritten in between, in any collection or
 * subcollection, without knowing the data model.
 */
import { HOST, PORTS } from '../../emulators/config';
import { FUNCTIONS_IN_PROCESS, TEST_PROJECT_ID } from './project';
import { triggersSettled } from './triggers';

/** Document path (relative to the database root) → its update time. */
export type Snapshot = Map<string, string>;

const DOCUMENTS = `projects/${TEST_PROJECT_ID}/databases/(default)/documents`;

export async function snapshotDatabase(): Promise<Snapshot> {
  const response = await fetch(`http://${HOST}:${PORTS.firestore}/v1/${DOCUMENTS}:runQuery`, {
    method: 'POST',
    // The emulator's admin credential: reads past the security rules.
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({
      structuredQuery: {
        from: [{ allDescendants: true }],
        select: { fields: [{ fieldPath: '__name__' }] },
      },
    }),
  });
  if (!response.ok) throw new Error(`Snapshot query failed: ${response.status}`);
  const rows = (await response.json()) as Array<{
    document?: { name: string; updateTime: string };
  }>;
  const snapshot: Snapshot = new Map();
  for (const { document } of rows) {
    if (!document) continue;
    if (!document.updateTime) throw new Error('The snapshot query returned no update times');
    snapshot.set(document.name.slice(DOCUMENTS.length + 1), document.updateTime);
  }
  return snapshot;
}

/** What changed between two snapshots, as readable lines ("created mail/x"). */
export function snapshotChanges(
  before: Snapshot,
  after: Snapshot,
  ignore: (path: string) => boolean = () => false,
): string[] {
  const changes: string[] = [];
  for (const [path, time] of after) {
    if (ignore(path)) continue;
    const was = before.get(path);
    if (was === undefined) changes.push(`created ${path}`);
    else if (was !== time) changes.push(`updated ${path}`);
  }
  for (const path of before.keys()) {
    if (!ignore(path) && !after.has(path)) changes.push(`deleted ${path}`);
  }
  return changes.sort();
}

/** `rateLimits/*`: request counters that refusals are allowed (and meant) to advance. */
export const isRateLimitRecord = (path: string) => path.startsWith('rateLimits/');

/**
 * What refusals may leave: their rate-limit counters, and the alert (a notification and its
 * e-mail) that reaching the two-factor code limit sends the account's owner.
 */
export const isRefusalRecord = (path: string) =>
  isRateLimitRecord(path) || /(^|\/|-)code-limit-\d+$/.test(path);

/**
 * Waits until nothing in the database changes: asynchronous triggers set off earlier (mail
 * delivery and its retries, raffle count roll-ups, new users' documents) must have finished
 * before a baseline is taken, or their writes would be blamed on the code under test. In the
 * in-process suites the triggers run here, so waiting for them is enough; over HTTP nothing
 * may change for `quietMs`. Returns the settled snapshot.
 */
export async function settledSnapshot({ quietMs = 1500, timeoutMs = 45_000 } = {}) {
  if (FUNCTIONS_IN_PROCESS) {
    await triggersSettled();
    return snapshotDatabase();
  }
  const deadline = Date.now() + timeoutMs;
  let previous = await snapshotDatabase();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    const current = await snapshotDatabase();
    const changes = snapshotChanges(previous, current);
    if (changes.length === 0) return current;
    if (Date.now() > deadline) {
      throw new Error(`The database never settled; still changing: ${changes.join(', ')}`);
    }
    previous = current;
  }
}
