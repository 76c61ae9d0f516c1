import { logger } from 'firebase-functions/v2';

/**
 * Options of a Firestore trigger that nothing else catches up on (no scheduled sweep): a run
 * that fails is delivered again (Functions retries a failed event for up to 7 days), so its
 * handler must be idempotent.
 */
export const RETRIED = { retry: true } as const;

/** How long such an event is tried again: what it says (a reply, a result) is late after it. */
export const RETRY_FOR_MS = 24 * 60 * 60_000;

/**
 * Whether an event delivered again is still worth handling: one failing for longer than
 * RETRY_FOR_MS (a fault that will not mend by itself) is logged and dropped, rather than
 * retried for a week.
 */
export function stillWorthHandling(event: { time: string; id: string }, now = Date.now()): boolean {
  const age = now - Date.parse(event.time);
  if (!(age > RETRY_FOR_MS)) return true;
  logger.error('A trigger event failed for too long: dropped', { eventId: event.id, age });
  return false;
}
