import type { Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/v2';
import type { OrderData, OrderRefund } from '@rafflewin/domain';
import { readSession, sessionRef } from '../checkout/sessions';
import { stripe, stripeEnabled } from './stripe';

/** What a refund attempt did, before it is recorded on the order. */
export type RefundOutcome = Pick<OrderRefund, 'provider' | 'refundId'>;

/** The Stripe PaymentIntent that paid a card order, if the order came through Stripe. */
async function paymentIntentOf(db: Firestore, order: OrderData): Promise<string | null> {
  if (!order.checkoutSessionId) return null;
  const reservation = readSession(await sessionRef(db, order.checkoutSessionId).get());
  if (!reservation?.stripeSessionId) return null;
  const checkout = await (await stripe()).checkout.sessions.retrieve(reservation.stripeSessionId);
  const intent = checkout.payment_intent;
  return typeof intent === 'string' ? intent : (intent?.id ?? null);
}

/**
 * Gives `amount` pence of a card order back. With Stripe, a refund on the order's
 * PaymentIntent whose idempotency key names the order and what is refunded (a raffle's
 * lines, or chosen tickets), so a retry after a crash never refunds twice. Lines with nothing to refund (free entries) are `none`; money
 * taken some other way, or a card payment with no Stripe record (or no Stripe key), is
 * `manual`: the order says so and a person refunds it.
 */
export async function refundPayment(
  db: Firestore,
  orderId: string,
  order: OrderData,
  /** What is refunded: a raffle's id (its lines), or `tickets-{key}` (chosen tickets). */
  what: string,
  amount: number,
): Promise<RefundOutcome> {
  if (amount === 0) return { provider: 'none', refundId: null };
  // Paid some other way (a manual entry recorded with a price): a person gives it back.
  if (order.paymentMethod !== 'Card') return { provider: 'manual', refundId: null };
  const paymentIntent = stripeEnabled()
    ? (order.paymentIntentId ?? (await paymentIntentOf(db, order)))
    : null;
  if (!paymentIntent) {
    logger.warn('Card order without a Stripe payment: refund it by hand', { orderId, what });
    return { provider: 'manual', refundId: null };
  }
  const refund = await (
    await stripe()
  ).refunds.create(
    { payment_intent: paymentIntent, amount, metadata: { orderId, refunds: what } },
    { idempotencyKey: `refund-${orderId}-${what}` },
  );
  return { provider: 'stripe', refundId: refund.id };
}

/**
 * Closes the Stripe page of a reservation that is being released, so it cannot be paid after.
 * Answers `paid` when the page was paid first (the webhook then fulfils the reservation), else
 * `closed` (expired now, already expired, or no Stripe page at all).
 */
export async function closeStripeCheckout(
  stripeSessionId: string | null,
): Promise<'closed' | 'paid'> {
  if (!stripeSessionId || !stripeEnabled()) return 'closed';
  const client = await stripe();
  try {
    await client.checkout.sessions.expire(stripeSessionId);
    return 'closed';
  } catch (error) {
    const page = await client.checkout.sessions.retrieve(stripeSessionId).catch(() => null);
    if (page?.status === 'complete') return 'paid';
    // Already expired: the reservation's own state decides what happens next.
    logger.warn('Could not expire a Stripe Checkout Session', { stripeSessionId, error });
    return 'closed';
  }
}
