import type { Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/v2';
import { errorFields } from '../../lib/logging';
import { CHECKOUT_MESSAGES, ShopError, type OrderData, type OrderRefund } from '@rafflewin/domain';
import { hasCode } from '../../lib/errorCode';
import { readSession, sessionRef } from '../checkout/sessions';
import type Stripe from 'stripe';
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
 * lines, or chosen tickets), so a retry after a crash never refunds twice; one made already
 * for the same lines or tickets (its metadata says so) is answered as this refund, for a retry
 * after Stripe has forgotten the key. Lines with nothing to refund (free entries) are `none`; money
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
  const client = await stripe();
  const metadata = { orderId, refunds: what };
  // Stripe forgets an idempotency key after a day: asked again later (a refund whose answer was
  // lost, pressed again days after), the key alone would refund a second time.
  const made = await madeBefore(client, paymentIntent, metadata);
  if (made) return { provider: 'stripe', refundId: made };
  const refund = await client.refunds.create(
    { payment_intent: paymentIntent, amount, metadata },
    { idempotencyKey: `refund-${orderId}-${what}` },
  );
  return { provider: 'stripe', refundId: refund.id };
}

/** The id of a refund of the payment already made for `metadata` (not failed), if any. */
async function madeBefore(
  client: Stripe,
  paymentIntent: string,
  metadata: { orderId: string; refunds: string },
): Promise<string | null> {
  for await (const refund of client.refunds.list({ payment_intent: paymentIntent, limit: 100 })) {
    if (
      refund.metadata?.orderId === metadata.orderId &&
      refund.metadata.refunds === metadata.refunds &&
      refund.status !== 'failed' &&
      refund.status !== 'canceled'
    ) {
      return refund.id;
    }
  }
  return null;
}

/**
 * Whether Stripe refused a refund outright, so no refund was made: an answer in the 4xx range
 * other than 409 (a request with the same idempotency key is still running) and 429 (too many
 * requests). Without such an answer (the network failed, or Stripe answered 5xx after the
 * SDK's own retries) the refund may have been made: a claim counted for it stays, so that
 * Stripe's `charge.refunded` for it is taken for the shop's own, and asking again with the same
 * idempotency key makes it or answers the one made.
 */
export function refundRefused(error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return (
    typeof status === 'number' && status >= 400 && status < 500 && ![409, 429].includes(status)
  );
}

/**
 * Closes the Stripe page of a reservation that is being released, so it cannot be paid after.
 * Answers `paid` when the page was paid first (the webhook then fulfils the reservation), else
 * `closed` (expired now, already expired, or no Stripe page at all). When Stripe confirms
 * neither (an outage the SDK's retries did not ride out), the page may still be paid: it
 * throws, and the caller either changes nothing or, for a stop that must not wait, releases
 * anyway (release.ts).
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
    // Stripe expires only an open page: ask it how this one closed. One it does not know
    // (made with another key) cannot be paid either.
    const page = await client.checkout.sessions
      .retrieve(stripeSessionId)
      .catch((lookup: unknown) => (hasCode(lookup, 'resource_missing') ? 'missing' : null));
    if (page === 'missing') return 'closed';
    if (page?.status === 'complete') return 'paid';
    if (page?.status === 'expired') return 'closed';
    logger.error('A Stripe Checkout Session could not be closed', {
      stripeSessionId,
      status: page?.status ?? 'unknown',
      ...errorFields(error),
    });
    throw new ShopError('unavailable', CHECKOUT_MESSAGES.pageNotClosed, 'payment-provider');
  }
}

/**
 * Closes the page of a reservation already released. A page Stripe could not close is logged
 * (closeStripeCheckout), not thrown: the release stands, and a payment made on the page after
 * it is refunded by the webhook, with the reason of the release (webhookEvents.ts).
 */
export async function closeReleasedPage(stripeSessionId: string | null): Promise<void> {
  await closeStripeCheckout(stripeSessionId).catch(() => undefined);
}
