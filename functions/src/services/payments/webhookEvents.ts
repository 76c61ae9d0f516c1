import type { Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/v2';
import type Stripe from 'stripe';
import {
  INSTANT_WIN_MESSAGES,
  creditCardRefused,
  isRefusal,
  CHECKOUT_MESSAGES,
  DOCUMENT_ID_PATTERN,
  PROTECTION_MESSAGES,
  type CardFunding,
  type CheckoutSession,
} from '@rafflewin/domain';
import { anyClosed, fulfilReservation, reservationRaffles, type Payment } from '../checkout/fulfil';
import { releaseReservation } from '../checkout/release';
import { readSession, sessionRef } from '../checkout/sessions';
import { onChargeRefunded, onDisputeClosed, onDisputeCreated } from './moneyBack';
import { onRefundFailed } from './refundFailed';
import { refundInFull, type RefundNotice, type UnorderedPayment } from './refundInFull';
import { SHOP_CURRENCY, stripe, stripeEnabled } from './stripe';

/**
 * The reservation a Checkout Session names, or null when it names none the shop could have
 * made: another integration on the same Stripe account (a Payment Link, whose payer sets
 * `client_reference_id` in its address) may send any text, and one with a slash would name a
 * collection, which Firestore refuses by throwing: a 500 that Stripe would retry for days.
 */
function reservationIdOf(session: Stripe.Checkout.Session): string | null {
  const id = session.metadata?.reservationId ?? session.client_reference_id ?? null;
  return id !== null && DOCUMENT_ID_PATTERN.test(id) ? id : null;
}

/**
 * A completed payment fulfils its reservation, once however often Stripe delivers it. The
 * reservation must have been made for Stripe, and the payment must match it (its Checkout
 * Session, a payment, its amount in pounds); anything else (another session, kind, amount or
 * currency) is logged for a person to look at and fulfils nothing.
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
  const recorded = reservation.provider === 'stripe' && reservation.stripeSessionId === checkout.id;
  const matches =
    checkout.mode === 'payment' &&
    checkout.currency === SHOP_CURRENCY &&
    checkout.amount_total === reservation.amount;
  if (!recorded || !matches) {
    logger.error('Payment does not match its reservation', { reservationId, stripe: checkout.id });
    return;
  }
  const cardFunding = await cardFundingOf(checkout);
  // Stripe's page refuses credit cards here; one past it, or a card (or another way to pay)
  // whose funding Stripe does not know, may be credit: counted as credit, as the cap counts it.
  const mayBeCredit = cardFunding === 'credit' || cardFunding === 'unknown';
  // Instant prizes set on a raffle of it since the checkout began (its hold lapsed while the
  // customer was on Stripe's page, so nothing counted as taken) make it debit only too.
  const debitOnly =
    reservation.debitOnly ||
    (mayBeCredit &&
      (await reservationRaffles(db, reservation)).some(
        (raffle) => ((raffle.get('instantPrizes') as unknown[] | undefined)?.length ?? 0) > 0,
      ));
  if (mayBeCredit && (debitOnly || creditCardRefused(reservation))) {
    if (await releaseReservation(db, reservationId, 'cancelled')) {
      logger.info(`Credit card ${debitOnly ? 'for instant prizes' : 'over the cap'}: refunding`, {
        reservationId,
      });
    }
    await refundInFull(
      db,
      unordered(checkout, reservationId, reservation.userId),
      debitOnly ? DEBIT_ONLY_REFUND : CREDIT_CAP_REFUND,
    );
    return;
  }
  const payment = { method: 'Card' as const, cardFunding, paymentIntentId: intentIdOf(checkout) };
  try {
    await fulfilReservation(db, reservationId, payment);
  } catch (error) {
    if (isRefusal(error, 'raffle-closed')) {
      const released = await releaseReservation(db, reservationId, 'cancelled');
      // Nothing to release: another delivery of this payment issued its numbers before the
      // raffle closed (this one read the reservation before that, the raffle after). The
      // payment stands, its tickets are in the draw: completed, never refunded here.
      if (await issuedByAnotherDelivery(db, reservationId, released, payment)) return;
      // Cancelled or drawn while the customer paid: no tickets, the money back at once.
      logger.warn('Payment for a raffle that closed meanwhile: refunding', { reservationId });
      await refundInFull(
        db,
        unordered(checkout, reservationId, reservation.userId),
        RAFFLE_CLOSED_REFUND,
      );
      return;
    }
    if (!reservationGone(error)) throw error;
    // Paid after the reservation was released (the expired event or the expiry job got there
    // first), or after its hold lapsed and its tickets went to others: none are issued. The
    // money goes back at once rather than waiting for a person, and Stripe gets a 200 so it
    // stops retrying an event that can never succeed. A lapsed reservation is released now, so
    // nothing waits for it to become an order (moneyBack.ts).
    logger.warn('Payment completed after its reservation was released: refunding', {
      reservationId,
      stripe: checkout.id,
    });
    const lapsed = await releaseReservation(db, reservationId, 'expired');
    // Nothing to release: another delivery of this payment, a moment later, found room for its
    // lapsed hold (another buyer's hold had lapsed or been let go meanwhile) and issued its
    // numbers. The payment stands: completed, never refunded here.
    if (await issuedByAnotherDelivery(db, reservationId, lapsed, payment)) return;
    // Released by its raffle's cancellation (or by an earlier delivery of this payment that
    // refunded it because the raffle closed): the same reason as that delivery, so Stripe's
    // idempotency key and the notice's id are the same and the customer is told once, and why.
    // Released before it lapsed (a ban or a play break that could not close the page): closed,
    // not late. Either reason is the reservation's from then on, the same for every delivery.
    const closedEarly =
      !lapsed && readSession(await sessionRef(db, reservationId).get())?.status === 'cancelled';
    const notice = anyClosed(await reservationRaffles(db, reservation))
      ? RAFFLE_CLOSED_REFUND
      : closedEarly
        ? CLOSED_PAYMENT_REFUND
        : LATE_PAYMENT_REFUND;
    await refundInFull(db, unordered(checkout, reservationId, reservation.userId), notice);
  }
}

/**
 * After a refusal, when the release found nothing pending: whether another delivery of the
 * payment issued the reservation's numbers meanwhile (being fulfilled, or fulfilled). If so,
 * its fulfilment is completed here too (once, however many deliveries) and true answered.
 */
async function issuedByAnotherDelivery(
  db: Firestore,
  reservationId: string,
  released: CheckoutSession | null,
  payment: Payment,
): Promise<boolean> {
  if (released) return false;
  const status = readSession(await sessionRef(db, reservationId).get())?.status;
  if (status !== 'fulfilling' && status !== 'fulfilled') return false;
  await fulfilReservation(db, reservationId, payment);
  return true;
}

/** Fulfilment refused because the reservation is no longer pending (released or expired). */
function reservationGone(error: unknown): boolean {
  return isRefusal(error, 'reservation-expired');
}

function intentIdOf(checkout: Stripe.Checkout.Session): string | null {
  const intent = checkout.payment_intent;
  return (typeof intent === 'string' ? intent : intent?.id) ?? null;
}

const unordered = (
  checkout: Stripe.Checkout.Session,
  reservationId: string,
  userId: string,
): UnorderedPayment => ({ intentId: intentIdOf(checkout), reservationId, userId });

/** How the card was funded; only Stripe knows, so locally it is unknown. */
async function cardFundingOf(checkout: Stripe.Checkout.Session): Promise<CardFunding> {
  const intentId = intentIdOf(checkout);
  if (!stripeEnabled() || !intentId) return 'unknown';
  const intent = await (
    await stripe()
  ).paymentIntents.retrieve(intentId, {
    expand: ['payment_method'],
  });
  const method = intent.payment_method;
  const funding = typeof method === 'object' ? method?.card?.funding : undefined;
  return funding === 'credit' || funding === 'debit' || funding === 'prepaid' ? funding : 'unknown';
}

/**
 * A credit card over the monthly cap got through Stripe's page (which blocks credit cards for
 * such a checkout: `funding_types_blocked`).
 */
const CREDIT_CAP_REFUND: RefundNotice = {
  key: 'credit-cap',
  message: `${PROTECTION_MESSAGES.creditCardCap} Your payment has been refunded in full and no tickets were issued.`,
};

/** A credit card for a basket with an instant-win raffle (debit cards only, under the Code). */
const DEBIT_ONLY_REFUND: RefundNotice = {
  key: 'debit-only',
  message: `${INSTANT_WIN_MESSAGES.debitOnly}. Your payment has been refunded in full and no tickets were issued.`,
};

const RAFFLE_CLOSED_REFUND: RefundNotice = {
  key: 'raffle-closed',
  message: CHECKOUT_MESSAGES.raffleClosedRefunded,
};

const LATE_PAYMENT_REFUND: RefundNotice = {
  key: 'late-payment',
  message: CHECKOUT_MESSAGES.latePaymentRefunded,
};

const CLOSED_PAYMENT_REFUND: RefundNotice = {
  key: 'closed-payment',
  message: CHECKOUT_MESSAGES.closedPaymentRefunded,
};

/** Stripe's page for a reservation expired unpaid: its tickets go back to the pool. */
async function onExpired(db: Firestore, checkout: Stripe.Checkout.Session): Promise<void> {
  const reservationId = reservationIdOf(checkout);
  if (!reservationId) return;
  // Only the reservation's own Checkout Session releases it, as only it can fulfil it.
  const reservation = readSession(await sessionRef(db, reservationId).get());
  if (reservation?.stripeSessionId !== checkout.id) return;
  await releaseReservation(db, reservationId, 'expired');
}

const handlers: Partial<
  Record<Stripe.Event['type'], (db: Firestore, object: never) => Promise<void>>
> = {
  'checkout.session.completed': onCompleted,
  'checkout.session.async_payment_succeeded': onCompleted,
  'checkout.session.expired': onExpired,
  'charge.refunded': onChargeRefunded,
  'charge.dispute.created': onDisputeCreated,
  'charge.dispute.closed': onDisputeClosed,
  'refund.failed': onRefundFailed,
  'charge.refund.updated': onRefundFailed,
};

/** Dispatches a verified event; events this shop does not use are acknowledged and ignored. */
export async function handleStripeEvent(db: Firestore, event: Stripe.Event): Promise<void> {
  const handler = Object.hasOwn(handlers, event.type) ? handlers[event.type] : undefined;
  if (handler) await handler(db, event.data.object as never);
}
