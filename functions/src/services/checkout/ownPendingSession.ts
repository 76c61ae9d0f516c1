import {
  ShopError,
  CHECKOUT_MESSAGES,
  PROTECTION_MESSAGES,
  startOfUkMonth,
  type CheckoutSession,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { checkPlayerProtection, pastLimit } from '../protection/protection';
import { reservationRaffles } from './fulfil';
import { refuseUnlessTakingEntries } from './loadCheckoutRaffles';
import { releaseReservation } from './release';
import { readSession, sessionRef } from './sessions';

/**
 * The caller's own reservation, still open, to claim free (claimFreeEntries). Someone else's
 * reservation is reported as not found, so ids reveal nothing. One whose claim was made and
 * stopped part-way (`fulfilling`: its numbers issued, its credit spent) is answered as it is,
 * for the claim asked again to finish it; a finished one is refused.
 */
export async function ownPendingSession(
  db: Firestore,
  sessionId: string,
  uid: string,
  now = new Date(),
): Promise<CheckoutSession> {
  const session = readSession(await sessionRef(db, sessionId).get());
  // An administrator's entry for this customer completes on the server, never by the customer.
  if (!session || session.userId !== uid || session.createdBy !== null) {
    throw new ShopError('not-found', CHECKOUT_MESSAGES.reservationNotFound);
  }
  if (session.status === 'fulfilling' && session.provider === 'free') return session;
  if (session.status === 'fulfilled' || session.status === 'fulfilling') {
    throw new ShopError('failed-precondition', CHECKOUT_MESSAGES.reservationDone);
  }
  if (session.status !== 'pending' || session.expiresAt.getTime() <= now.getTime()) {
    throw new ShopError(
      'failed-precondition',
      CHECKOUT_MESSAGES.reservationExpired,
      'reservation-expired',
    );
  }
  await refuseUnclaimable(db, session, now);
  return session;
}

/**
 * Nothing is paid for a free claim, so it is an entry made when claimed, not when reserved (the
 * checkout page claims at once; a client may wait up to the hold's 32 minutes): its raffles must
 * still take entries (on, not ended, not drawn or cancelled) and the customer may still enter
 * (no play break, no ban, not under 18 by the date of birth on record), as startCheckout asks,
 * and account credit it spends must still fit under the monthly limit (one lowered since).
 * Otherwise the reservation is released (its tickets, and any account credit it took, come
 * back) and the claim refused with startCheckout's message.
 */
async function refuseUnclaimable(
  db: Firestore,
  session: CheckoutSession,
  now: Date,
): Promise<void> {
  const raffles = await reservationRaffles(db, session);
  try {
    for (const snapshot of raffles) refuseUnlessTakingEntries(snapshot.data(), snapshot.id, now);
    await checkPlayerProtection(db, session.userId, 0, now);
    const spends = session.amount + session.creditApplied;
    const past = spends > 0 ? await pastLimit(db, session.userId, now) : null;
    if (past) {
      // The month's figure counts this open checkout already, when it was made this month.
      const counted = session.createdAt >= startOfUkMonth(now) ? spends : 0;
      const left = Math.max(0, past.limit - (past.spent - counted));
      throw new ShopError(
        'failed-precondition',
        PROTECTION_MESSAGES.overLimit(past.limit, left),
        'spend-limit',
      );
    }
  } catch (error) {
    if (error instanceof ShopError) await releaseReservation(db, session.id, 'cancelled', now);
    throw error;
  }
}
