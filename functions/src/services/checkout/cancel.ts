import { ShopError, CHECKOUT_MESSAGES, type CancelCheckoutOutput } from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { closeAndRelease } from './release';
import { ownOpenCheckouts, readSession, sessionRef } from './sessions';

/**
 * The shopper gave up on paying: Stripe's page is closed first (so it cannot be paid after),
 * then the tickets go back on sale and any account credit back to the account. A page that was
 * paid meanwhile is left to the webhook, which fulfils it.
 */
export async function cancelOwnCheckout(
  db: Firestore,
  sessionId: string,
  uid: string,
): Promise<CancelCheckoutOutput> {
  const session = readSession(await sessionRef(db, sessionId).get());
  if (!session || session.userId !== uid || session.createdBy !== null) {
    throw new ShopError('not-found', CHECKOUT_MESSAGES.reservationNotFound);
  }
  if (session.status === 'pending') {
    if ((await closeAndRelease(db, session)) === 'paid') return { status: 'fulfilled' };
    return { status: 'cancelled' };
  }
  if (session.status === 'fulfilled' || session.status === 'fulfilling') {
    return { status: 'fulfilled' };
  }
  return { status: session.status === 'expired' ? 'expired' : 'cancelled' };
}

/**
 * A new checkout replaces the shopper's unpaid ones: their holds are released rather than
 * stacked against the per-raffle limits, and their payment pages closed. Each is tried; a page
 * Stripe could not confirm closed then refuses the new checkout (its tickets stay held for it).
 */
export async function cancelOpenCheckouts(db: Firestore, uid: string): Promise<void> {
  const open = await ownOpenCheckouts(db, uid);
  const tried = await Promise.allSettled(
    open.map((session) => cancelOwnCheckout(db, session.id, uid)),
  );
  const failed = tried.find((attempt) => attempt.status === 'rejected');
  if (failed) throw failed.reason;
}
