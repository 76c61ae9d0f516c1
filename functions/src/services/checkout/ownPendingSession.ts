import { ShopError, CHECKOUT_MESSAGES, type CheckoutSession } from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { readSession, sessionRef } from './sessions';

/**
 * The caller's own reservation, still open. Someone else's reservation is reported as not
 * found, so ids reveal nothing.
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
  return session;
}
