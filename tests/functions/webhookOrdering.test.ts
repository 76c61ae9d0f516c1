/**
 * Stripe's events in the order Stripe may really send them (webhookHardening.test.ts covers
 * replays and the basic reorderings): a payment delivered again after the shop refunded it
 * because its raffle closed, and money taken back at Stripe (a refund in its dashboard, a
 * dispute) told before the payment's own `checkout.session.completed` made its order.
 */
import { CHECKOUT_MESSAGES, notificationsPath } from '@rafflewin/domain';
import { adminDb } from '../support/admin';
import { callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import {
  checkoutOnStripe,
  createRaffle,
  lapseHolds,
  line,
  type StripeCheckout,
} from '../support/raffles';
import {
  CARDS,
  closeDispute,
  openDispute,
  payOnStripe,
  postSigned,
  signedEvents,
  stripeSessionOf,
  type SignedEvent,
} from '../support/stripeDouble';
import { stripe } from '../../functions/src/services/payments/stripe';

jest.setTimeout(120_000);

const COMPLETED = 'checkout.session.completed';

let admin: Customer;

beforeAll(async () => {
  admin = await newAdmin();
});

type Paid = StripeCheckout;

/** A checkout paid on Stripe's page whose events the webhook has not heard yet. */
async function paidOnStripe(quantity: number): Promise<Paid> {
  const checkout = await checkoutOnStripe(quantity);
  expect('redirect' in (await payOnStripe(checkout.stripeSessionId))).toBe(true);
  return checkout;
}

/** The latest event of a type the double signed for the payment. */
async function eventOf({ stripeSessionId }: Paid, type: string): Promise<SignedEvent> {
  const event = (await signedEvents(stripeSessionId, type)).at(-1);
  if (!event) throw new Error(`Stripe signed no ${type} for ${stripeSessionId}`);
  return event;
}

const objectOf = (event: SignedEvent) =>
  (JSON.parse(event.payload) as { data: { object: Record<string, unknown> } }).data.object;

const noticeOf = ({ buyer, sessionId }: Paid, key: string) =>
  adminDb.doc(`${notificationsPath(buyer.uid)}/${key}-${sessionId}`).get();

async function ticketStatuses(raffleId: string): Promise<string[]> {
  const tickets = await adminDb.collection('tickets').where('raffleId', '==', raffleId).get();
  return tickets.docs.map((ticket) => String(ticket.get('status')));
}

/** What Stripe holds of the payment: how much was refunded, in how many refunds. */
async function refundsAtStripe(paid: Paid) {
  const refunded = await signedEvents(paid.stripeSessionId, 'charge.refunded');
  const last = refunded.at(-1);
  return { refunds: refunded.length, amountRefunded: last ? objectOf(last).amount_refunded : 0 };
}

describe('a payment for a raffle that closed while the customer paid', () => {
  it('is refunded once and the customer told once, however often Stripe delivers it', async () => {
    const paid = await paidOnStripe(2);
    // The cancellation has marked the raffle and not yet released this reservation.
    await adminDb
      .doc(`raffles/${paid.raffleId}`)
      .update({ drawStatus: 'cancelled', active: false });
    const completed = await eventOf(paid, COMPLETED);
    expect(await postSigned(completed)).toBe(200);
    // Stripe delivers it again (its answer was lost), after the refund released the reservation.
    expect(await postSigned(completed)).toBe(200);

    expect(await ticketStatuses(paid.raffleId)).toEqual([]);
    expect(await refundsAtStripe(paid)).toEqual({ refunds: 1, amountRefunded: paid.amount });
    expect((await noticeOf(paid, 'raffle-closed')).get('message')).toBe(
      CHECKOUT_MESSAGES.raffleClosedRefunded,
    );
    expect((await noticeOf(paid, 'late-payment')).exists).toBe(false);
    // The shop's own refund, told back by Stripe, changes nothing and is not asked for again.
    expect(await postSigned(await eventOf(paid, 'charge.refunded'))).toBe(200);
    expect((await adminDb.doc(`orders/${paid.sessionId}`).get()).exists).toBe(false);
  });

  it('tells the customer the raffle closed when its cancellation released the reservation first', async () => {
    const paid = await paidOnStripe(1);
    // The cancellation releases the reservation, then finds its page already paid.
    await callOk('cancelRaffle', { raffleId: paid.raffleId }, admin);
    expect(await postSigned(await eventOf(paid, COMPLETED))).toBe(200);

    expect(await ticketStatuses(paid.raffleId)).toEqual([]);
    expect(await refundsAtStripe(paid)).toEqual({ refunds: 1, amountRefunded: paid.amount });
    expect((await noticeOf(paid, 'raffle-closed')).get('message')).toBe(
      CHECKOUT_MESSAGES.raffleClosedRefunded,
    );
    expect((await noticeOf(paid, 'late-payment')).exists).toBe(false);
  });
});

/**
 * A checkout paid by debit card whose hold lapsed before its slow webhook, while the customer
 * reserved the raffle's maximum again: its payment can never become an order.
 */
async function paidAfterItsHoldLapsed(): Promise<Paid> {
  const buyer = await newCustomer();
  const raffleId = await createRaffle({ maxTicketsPerUser: 2, maxTickets: 50 });
  const a = await callOk('startCheckout', { items: [line(raffleId, 2)] }, buyer);
  const paid: Paid = {
    buyer,
    raffleId,
    sessionId: a.sessionId,
    stripeSessionId: stripeSessionOf(a.checkoutUrl),
    amount: a.amount,
    quantity: 2,
  };
  expect('redirect' in (await payOnStripe(paid.stripeSessionId, { number: CARDS.debit }))).toBe(
    true,
  );
  // A's hold lapses before its slow webhook, and the customer reserves the maximum again.
  await lapseHolds(a.sessionId, raffleId, buyer.uid);
  await callOk('startCheckout', { items: [line(raffleId, 2)] }, buyer);
  return paid;
}

describe('money taken back at Stripe before the payment’s order exists', () => {
  it('a refund in Stripe’s dashboard is delivered again until the order exists, then voids it', async () => {
    const paid = await paidOnStripe(2);
    const completed = await eventOf(paid, COMPLETED);
    // The completed event is slow; a person refunds the payment in Stripe's dashboard.
    await (
      await stripe()
    ).refunds.create({ payment_intent: String(objectOf(completed).payment_intent) });
    const refunded = await eventOf(paid, 'charge.refunded');
    // Not taken for a payment with no order: answered so that Stripe delivers it again.
    expect(await postSigned(refunded)).toBe(500);
    expect(await postSigned(completed)).toBe(200);
    expect(await postSigned(refunded)).toBe(200);

    expect(await ticketStatuses(paid.raffleId)).toEqual(['void', 'void']);
    expect((await adminDb.doc(`orders/${paid.sessionId}`).get()).data()).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      refundedAmount: paid.amount,
      moneyBack: { kind: 'refunded', amount: paid.amount },
    });
    expect((await noticeOf(paid, 'money-back-refunded')).exists).toBe(true);
  });

  it('a dispute is delivered again until the order exists, then voids it', async () => {
    const paid = await paidOnStripe(1);
    const completed = await eventOf(paid, COMPLETED);
    await openDispute(String(objectOf(await eventOf(paid, 'charge.succeeded')).id));
    const dispute = await eventOf(paid, 'charge.dispute.created');
    expect(await postSigned(dispute)).toBe(500);
    expect(await postSigned(completed)).toBe(200);
    expect(await postSigned(dispute)).toBe(200);

    expect(await ticketStatuses(paid.raffleId)).toEqual(['void']);
    expect((await adminDb.doc(`orders/${paid.sessionId}`).get()).data()).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'disputed',
      moneyBack: { kind: 'disputed' },
    });
  });

  it('the shop’s own refund of a payment whose hold lapsed is acknowledged at once', async () => {
    const paid = await paidAfterItsHoldLapsed();
    // Refused (it would pass the maximum) and refunded: it will never have an order.
    expect(await postSigned(await eventOf(paid, COMPLETED))).toBe(200);
    expect((await noticeOf(paid, 'late-payment')).exists).toBe(true);
    expect((await adminDb.doc(`checkoutSessions/${paid.sessionId}`).get()).get('status')).toBe(
      'expired',
    );
    expect(await postSigned(await eventOf(paid, 'charge.refunded'))).toBe(200);
  });

  it('a payment refunded as late and delivered again after its raffle was cancelled is refunded and told once', async () => {
    const paid = await paidAfterItsHoldLapsed();
    expect(await postSigned(await eventOf(paid, COMPLETED))).toBe(200);
    expect((await noticeOf(paid, 'late-payment')).get('message')).toBe(
      CHECKOUT_MESSAGES.latePaymentRefunded,
    );
    // The raffle is cancelled; Stripe delivers the payment again (its answer was lost).
    await adminDb
      .doc(`raffles/${paid.raffleId}`)
      .update({ drawStatus: 'cancelled', active: false });
    expect(await postSigned(await eventOf(paid, COMPLETED))).toBe(200);

    expect(await refundsAtStripe(paid)).toEqual({ refunds: 1, amountRefunded: paid.amount });
    expect((await noticeOf(paid, 'raffle-closed')).exists).toBe(false);
    const refunded = await adminDb
      .collection(notificationsPath(paid.buyer.uid))
      .where('title', '==', 'Payment refunded')
      .get();
    expect(refunded.size).toBe(1);
  });

  it('a payment whose hold lapsed and whose bank disputes it first is answered, and refunded if the shop wins', async () => {
    const paid = await paidAfterItsHoldLapsed();
    await openDispute(String(objectOf(await eventOf(paid, 'charge.succeeded')).id));
    const opened = await eventOf(paid, 'charge.dispute.created');
    expect(await postSigned(opened)).toBe(500);
    // Stripe refuses to refund a disputed charge: the bank returns the money instead, and the
    // event is answered rather than failing until Stripe gives up.
    expect(await postSigned(await eventOf(paid, COMPLETED))).toBe(200);
    expect(await postSigned(opened)).toBe(200);
    expect((await noticeOf(paid, 'late-payment')).data()).toMatchObject({
      title: 'Payment not accepted',
      message: CHECKOUT_MESSAGES.disputedNotAccepted,
    });
    expect(await refundsAtStripe(paid)).toEqual({ refunds: 0, amountRefunded: 0 });
    expect(await ticketStatuses(paid.raffleId)).toEqual([]);

    // The bank decides for the shop: the money is the shop's again, for no tickets.
    await closeDispute(String(objectOf(opened).id), 'won');
    const closed = await eventOf(paid, 'charge.dispute.closed');
    expect(await postSigned(closed)).toBe(200);
    expect(await postSigned(closed)).toBe(200);
    expect(await refundsAtStripe(paid)).toEqual({ refunds: 1, amountRefunded: paid.amount });
    expect((await noticeOf(paid, 'dispute-won')).get('message')).toBe(
      CHECKOUT_MESSAGES.disputeWonRefunded,
    );
  });
});
