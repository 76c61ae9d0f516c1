import type { Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/v2';
import type Stripe from 'stripe';
import { fulfilReservation } from '../checkout/fulfil';
import { releaseReservation } from '../checkout/release';
import { readSession, sessionRef } from '../checkout/sessions';

function reservationIdOf(session: Stripe.Checkout.Session): string | null {
  return session.metadata?.reservationId ?? session.client_reference_id ?? null;
}

/**
 * A completed payment fulfils its reservation, once however often Stripe delivers it. The
 * payment must match the reservation (same Stripe session, same amount); a mismatch is
 * logged for a person to look at and not fulfilled.
 */
async function onCompleted(db: Firestore, checkout: Stripe.Checkout.Session): Promise<void> {
  if (checkout.payment_status !== 'paid') return;
  const reservationId = reservationIdOf(checkout);
  if (!reservationId) return;
  const reservation = readSession(await sessionRef(db, reservationId).get());
  if (!reservation) {
    logger.error('Payment for an unknown reservation', { reservationId, stripe: checkout.id });
    return;
  }
  const sameSession = !reservation.stripeSessionId || reservation.stripeSessionId === checkout.id;
  if (!sameSession || checkout.amount_total !== reservation.amount) {
    logger.error('Payment does not match its reservation', { reservationId, stripe: checkout.id });
    return;
  }
  await fulfilReservation(db, reservationId, { method: 'Card' });
}

async function onExpired(db: Firestore, checkout: Stripe.Checkout.Session): Promise<void> {
  const reservationId = reservationIdOf(checkout);
  if (reservationId) await releaseReservation(db, reservationId, 'expired');
}

const handlers: Partial<
  Record<Stripe.Event['type'], (db: Firestore, checkout: Stripe.Checkout.Session) => Promise<void>>
> = {
  'checkout.session.completed': onCompleted,
  'checkout.session.async_payment_succeeded': onCompleted,
  'checkout.session.expired': onExpired,
};

/** Dispatches a verified event; events this shop does not use are acknowledged and ignored. */
export async function handleStripeEvent(db: Firestore, event: Stripe.Event): Promise<void> {
  const handler = handlers[event.type];
  if (handler) await handler(db, event.data.object as Stripe.Checkout.Session);
}
