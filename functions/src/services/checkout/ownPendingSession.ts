import {
  ShopError,
  CHECKOUT_MESSAGES,
  PROTECTION_MESSAGES,
  startOfUkMonth,
  isRefusal,
  type CheckoutSession,
  type FulfilmentOutput,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { checkPlayerProtection, pastLimit } from '../protection/protection';
import { fulfilReservation, reservationRaffles } from './fulfil';
import { refuseUnlessTakingEntries } from './loadCheckoutRaffles';
import { releaseReservation } from './release';
import { checkoutLockRef, readSession, sessionRef } from './sessions';

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

/** Times a claim checks again when a stop moved the customer's checkout lock under it. */
const CLAIM_ATTEMPTS = 3;

/**
 * Claims the caller's own zero-total reservation (free, or paid for entirely with account
 * credit) through the same fulfilment as card payments. Its checks are made against the
 * customer's checkout lock as it was read first: a play break, a ban or a lower limit
 * committed between the checks and the issue moves the lock, so the issue is refused and the
 * claim checks again (and is refused, its reservation released), rather than issue the entry
 * after a stop whose release of open checkouts had already looked.
 */
export async function claimOwnFreeEntries(
  db: Firestore,
  sessionId: string,
  uid: string,
): Promise<FulfilmentOutput> {
  for (let attempt = 1; ; attempt += 1) {
    const lock = await checkoutLockRef(db, uid).get();
    const session = await ownPendingSession(db, sessionId, uid);
    if (session.amount !== 0) throw new ShopError('failed-precondition', CHECKOUT_MESSAGES.notFree);
    const method = session.creditApplied > 0 ? 'Account Credit' : 'Free Entry';
    try {
      return await fulfilReservation(
        db,
        session.id,
        { method },
        { checkedAtLock: lock.updateTime ?? null },
      );
    } catch (error) {
      if (!isRefusal(error, 'checks-moved') || attempt === CLAIM_ATTEMPTS) throw error;
    }
  }
}
