import type { Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/v2';
import { fulfilReservation } from './fulfil';
import { sessionsPastHold } from './sessions';

/**
 * Finishes the customers' free claims (free entries, or tickets paid for with account credit
 * alone) that stopped part-way: numbers issued and credit spent, but no order. A card payment's
 * webhook is delivered again until it succeeds; a claim has no such retry unless the customer
 * asks again (claimFreeEntries resumes it), and until it is finished the raffle's draw waits
 * for it. Run on the schedule for claims whose hold has run out (a claim is made within its
 * hold and takes seconds). Returns how many were finished.
 */
export async function resumeStalledFreeClaims(
  db: Firestore,
  now = new Date(),
  limit = 50,
): Promise<number> {
  let finished = 0;
  for (const session of await sessionsPastHold(db, 'fulfilling', now, limit)) {
    // An administrator's or a postcard's entry is finished by asking again where it was made.
    if (session.provider !== 'free' || session.createdBy !== null) continue;
    const method = session.creditApplied > 0 ? 'Account Credit' : 'Free Entry';
    try {
      await fulfilReservation(db, session.id, { method });
      finished += 1;
    } catch (error) {
      logger.error('A stalled free claim could not be finished', {
        sessionId: session.id,
        error: String(error),
      });
    }
  }
  return finished;
}
