import type { Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/v2';
import { errorFields } from '../../lib/logging';
import { fulfilReservation } from './fulfil';
import { sessionsPastHold } from './sessions';

/**
 * An entry an administrator made (Add Tickets, a manual entry, a postcard) is fulfilled in the
 * same request, within seconds: one this old stopped part-way.
 */
const ENTRY_GRACE_MS = 2 * 60_000;

/**
 * Finishes the free claims that stopped part-way: numbers issued (and credit spent), but no
 * order. A customer's (free entries, or tickets paid for with account credit alone) and an
 * administrator's (Add Tickets, a manual entry, a recorded postcard) alike. A card payment's
 * webhook is delivered again until it succeeds; a claim has no such retry unless it is asked
 * again (claimFreeEntries resumes a customer's), and until it is finished the raffle's draw and
 * the customer's account deletion wait for it. Run on the schedule for claims whose hold has
 * run out (a claim is made within its hold and takes seconds). Returns how many were finished.
 */
export async function resumeStalledFreeClaims(
  db: Firestore,
  now = new Date(),
  limit = 50,
): Promise<number> {
  let finished = 0;
  // Free claims only, in the query: card payments being fulfilled never crowd them out.
  for (const session of await sessionsPastHold(db, 'fulfilling', now, limit, 'free')) {
    const byAdmin = session.createdBy !== null;
    if (byAdmin && session.createdAt.getTime() > now.getTime() - ENTRY_GRACE_MS) continue;
    const method = byAdmin
      ? (session.paymentMethod ?? 'manual_entry')
      : session.creditApplied > 0
        ? 'Account Credit'
        : 'Free Entry';
    try {
      await fulfilReservation(db, session.id, { method });
      finished += 1;
    } catch (error) {
      logger.error('A stalled free claim could not be finished', {
        sessionId: session.id,
        ...errorFields(error),
      });
    }
  }
  return finished;
}
