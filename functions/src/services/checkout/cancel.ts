import {
  ShopError,
  CHECKOUT_MESSAGES,
  type CancelCheckoutOutput,
  type CheckoutSession,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { closeAndRelease } from './release';
import { ownOpenCheckouts, readSession, sessionRef } from './sessions';

/** What became of a reservation that is no longer pending, as `cancelCheckout` answers it. */
function outcomeOf(session: CheckoutSession): CancelCheckoutOutput {
  if (session.status === 'fulfilled' || session.status === 'fulfilling') {
    return { status: 'fulfilled', releasedFor: null };
  }
  return {
    status: session.status === 'expired' ? 'expired' : 'cancelled',
    releasedFor: session.releasedFor ?? null,
  };
}

/**
 * The shopper gave up on paying: Stripe's page is closed first (so it cannot be paid after),
 * then the tickets go back on sale and any account credit back to the account. A page that was
 * paid meanwhile is left to the webhook, which fulfils it. One the shop had already released
 * itself (a stop) answers why, for the shopper to read.
 */
export async function cancelOwnCheckout(
  db: Firestore,
  sessionId: string,
  uid: string,
): Promise<CancelCheckoutOutput> {
  const read = async () => readSession(await sessionRef(db, sessionId).get());
  const session = await read();
  if (!session || session.userId !== uid || session.createdBy !== null) {
    throw new ShopError('not-found', CHECKOUT_MESSAGES.reservationNotFound);
  }
  if (session.status !== 'pending') return outcomeOf(session);
  const outcome = await closeAndRelease(db, session);
  if (outcome === 'paid') return { status: 'fulfilled', releasedFor: null };
  // Released meanwhile by something else (a stop, its time running out): as it ended.
  const ended = outcome === 'unchanged' ? await read() : null;
  return ended ? outcomeOf(ended) : { status: 'cancelled', releasedFor: null };
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
