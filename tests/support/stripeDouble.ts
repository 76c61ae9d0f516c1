/**
 * The local Stripe double (emulators/stripe) as tests drive it: pay a Checkout Session as its
 * hosted page does, read the events it signed, hold a session's events and release them late,
 * twice or out of order, and save a card through a set-up session.
 *
 * The in-process suites use a Stripe key of their own (tests/support/jest/
 * projectEnvironment.ts), whose events the double keeps rather than delivers: `settlePayment`
 * posts them to the webhook's handler in this process. Elsewhere the double delivers them to
 * the emulated webhook itself and `settlePayment` waits for the outcome.
 */
import type { FulfilmentOutput, SavedCardOutput, StartCheckoutOutput } from '@rafflewin/domain';
import { URLS } from '../../emulators/config';
import { adminDb } from './admin';
import { callOk, type Customer } from './customers';
import { FUNCTIONS_IN_PROCESS } from './project';
import { postWebhook } from './stripeEvents';
import type * as RefundPaymentModule from '../../functions/src/services/payments/refundPayment';

/** Stripe's test cards. */
export const CARDS = {
  credit: '4242424242424242',
  debit: '4000056655665556',
  declined: '4000000000000002',
} as const;

async function control<T>(path: string, body?: object): Promise<T> {
  const response = await fetch(`${URLS.stripe}/_double/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // 409: the session is no longer open, answered as the page's message.
  if (!response.ok && response.status !== 409) {
    throw new Error(`Stripe double: ${path} answered ${response.status}`);
  }
  return (await response.json()) as T;
}

/** The Checkout Session behind a hosted page's URL. */
export function stripeSessionOf(checkoutUrl: string | null): string {
  const id = checkoutUrl?.split('/pay/')[1];
  if (!id) throw new Error(`Not a Stripe page: ${String(checkoutUrl)}`);
  return id;
}

export interface CardEntry {
  number?: string;
  expiry?: string;
  cvc?: string;
  name?: string;
  /** A saved card (PaymentMethod id) instead of a number. */
  payment_method?: string;
  /**
   * Let a card the session's `funding_types_blocked` refuses through, as a payment that got
   * past Stripe's page would be (the webhook's own check is then what stops it).
   */
  ignore_restrictions?: boolean;
}

/** What Stripe's page says to a card of a funding type the session blocks. */
export const CARD_NOT_SUPPORTED = 'Your card is not supported. Please use a different card.';

/** Submits the hosted page's form: where Stripe sends the browser, or the page's error. */
export const payOnStripe = (stripeSessionId: string, card: CardEntry = {}) =>
  control<{ redirect: string } | { error: string }>(
    `checkout_sessions/${stripeSessionId}/pay`,
    card,
  );

export interface SignedEvent {
  id: string;
  type: string;
  payload: string;
  signature: string;
}

/** The events of a Checkout Session (its payment, charge and refunds), signed now. */
export const signedEvents = (stripeSessionId: string, type?: string) =>
  control<SignedEvent[]>(
    `events?checkout_session=${stripeSessionId}${type ? `&type=${encodeURIComponent(type)}` : ''}`,
  );

/** Keeps a session's events from the webhook until `releaseEvents`. */
export const holdEvents = (stripeSessionId: string) =>
  control(`checkout_sessions/${stripeSessionId}/hold`, {});

/**
 * Stripe answers the next `requests` API requests naming a session with its 500 (an outage);
 * 0 ends it. The SDK retries each request twice, so 1 or 2 are ridden out.
 */
export const stripeOutage = (stripeSessionId: string, requests: number) =>
  control(`checkout_sessions/${stripeSessionId}/outage`, { requests });

/**
 * An outage long enough that closing the page fails: the expire and the look after it, each
 * tried three times by the SDK.
 */
export const PAGE_CLOSE_FAILS = 6;

export const releaseEvents = (
  stripeSessionId: string,
  options: { order?: 'reverse'; times?: number } = {},
) => control<{ released: string[] }>(`checkout_sessions/${stripeSessionId}/release`, options);

/** Delivers one event to the webhook once more; answers the webhook's status. */
export const deliverAgain = (eventId: string) =>
  control<{ status: number | 'no answer' }>(`events/${eventId}/deliver`, {});

/** The customer's bank disputes a charge. */
export const openDispute = (chargeId: string) =>
  control<{ id: string }>(`charges/${chargeId}/dispute`, {});

/** The customer's bank decides the dispute: for the shop (`won`) or for the customer (`lost`). */
export const closeDispute = (disputeId: string, status: 'won' | 'lost' | 'warning_closed') =>
  control<{ id: string; status: string }>(`disputes/${disputeId}/close`, { status });

/** The card's bank sends a refund back, days after it succeeded. */
export const failRefund = (refundId: string, reason = 'expired_or_canceled_card') =>
  control<{ id: string; status: string }>(`refunds/${refundId}/fail`, { reason });

/** A day passes for the idempotency keys that begin with `prefix`: Stripe forgets them. */
export const forgetIdempotencyKeys = (prefix: string) =>
  control<{ forgotten: number }>('idempotency/forget', { prefix });

/** Posts a signed event to the webhook (in-process or over HTTP); answers its status. */
export async function postSigned(event: SignedEvent): Promise<number> {
  return (await postWebhook(event.payload, event.signature)).status;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The reservation's status as it is now. */
export async function reservationStatus(reservationId: string): Promise<string> {
  return String((await adminDb.doc(`checkoutSessions/${reservationId}`).get()).get('status'));
}

/** Waits until the reservation is no longer pending (or `fulfilling`) and answers its status. */
export async function settledStatus(reservationId: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await reservationStatus(reservationId);
    if (status !== 'pending' && status !== 'fulfilling') return status;
    if (Date.now() > deadline) return status;
    await sleep(200);
  }
}

/**
 * Lets the webhook hear of a session's payment: in-process, its `checkout.session.completed`
 * is posted here; over HTTP the double has delivered it, and this waits for the outcome.
 */
export async function settlePayment(stripeSessionId: string, reservationId: string) {
  if (FUNCTIONS_IN_PROCESS) {
    for (const event of await signedEvents(stripeSessionId, 'checkout.session.completed')) {
      const status = await postSigned(event);
      if (status !== 200) throw new Error(`The webhook answered ${status}`);
    }
  }
  return settledStatus(reservationId);
}

/** What fulfilment answered for a reservation, read from its order. */
export async function fulfilmentOf(reservationId: string): Promise<FulfilmentOutput> {
  const order = await adminDb.doc(`orders/${reservationId}`).get();
  if (!order.exists) {
    throw new Error(`No order: the reservation is ${await reservationStatus(reservationId)}`);
  }
  const items = order.get('items') as Array<{ raffleId: string; ticketNumbers: number[] }>;
  return {
    orderId: order.id,
    orderNumber: String(order.get('orderNumber')),
    ticketNumbers: Object.fromEntries(items.map((item) => [item.raffleId, item.ticketNumbers])),
  };
}

/**
 * Pays a started checkout on Stripe's page with a card, as a shopper does, and answers the
 * order fulfilment made of it. A card the page refuses throws the page's message.
 */
export async function payByCard(
  started: StartCheckoutOutput,
  card: CardEntry | string = CARDS.credit,
): Promise<FulfilmentOutput> {
  const stripeSessionId = stripeSessionOf(started.checkoutUrl);
  const paid = await payOnStripe(
    stripeSessionId,
    typeof card === 'string' ? { number: card } : card,
  );
  if ('error' in paid) throw new Error(paid.error);
  await settlePayment(stripeSessionId, started.sessionId);
  return fulfilmentOf(started.sessionId);
}

/** A card payment made through the double: its order and what Stripe knows it by. */
export interface PaidByCard {
  orderId: string;
  amount: number;
  stripeSessionId: string;
  paymentIntent: string;
}

/** Pays a started checkout by card (`payByCard`) and answers where the payment is found. */
export async function paidByCard(started: StartCheckoutOutput): Promise<PaidByCard> {
  await payByCard(started);
  const order = await adminDb.doc(`orders/${started.sessionId}`).get();
  return {
    orderId: started.sessionId,
    amount: started.amount,
    stripeSessionId: stripeSessionOf(started.checkoutUrl),
    paymentIntent: String(order.get('paymentIntentId')),
  };
}

/** The latest event of a type the double signed for a payment. */
export async function latestEvent(paid: PaidByCard, type: string): Promise<SignedEvent> {
  const events = await signedEvents(paid.stripeSessionId, type);
  const event = events.at(-1);
  if (!event) throw new Error(`Stripe signed no ${type} for ${paid.stripeSessionId}`);
  return event;
}

/** The id of the charge that took a payment. */
export async function chargeIdOf(paid: PaidByCard): Promise<string> {
  const event = await latestEvent(paid, 'charge.succeeded');
  return String((JSON.parse(event.payload) as { data: { object: { id: string } } }).data.object.id);
}

/** Saves a card to the customer's account through Stripe's set-up page. */
export async function saveCard(
  customer: Customer,
  card: CardEntry | string = CARDS.credit,
): Promise<SavedCardOutput> {
  const { url } = await callOk('startCardSetup', {}, customer);
  const setupSessionId = stripeSessionOf(url);
  const done = await payOnStripe(
    setupSessionId,
    typeof card === 'string' ? { number: card } : card,
  );
  if ('error' in done) throw new Error(done.error);
  return callOk('saveStripeCard', { setupSessionId }, customer);
}

/**
 * The next refund asked of Stripe through `refundPayment` (a `jest.fn` the calling file mocks
 * it with) is made at Stripe, but its answer never reaches the shop: the connection drops.
 */
export function loseNextRefundAnswer(refundPayment: jest.Mock): void {
  const actual = jest.requireActual<typeof RefundPaymentModule>(
    '../../functions/src/services/payments/refundPayment',
  );
  refundPayment.mockImplementationOnce(async (...args: Parameters<typeof actual.refundPayment>) => {
    await actual.refundPayment(...args);
    throw new Error('socket hang up');
  });
}
