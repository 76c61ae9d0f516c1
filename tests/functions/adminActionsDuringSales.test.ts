/**
 * An administrator acting while a customer is paying. A cancellation racing a payment that is
 * being fulfilled (numbers issued, tickets or order not yet written) completes it first, then
 * voids and refunds it with the rest. A ban closes the customer's open payment pages and gives
 * their held tickets back, as deleting an account does.
 */
import { fulfilReservation } from '../../functions/src/services/checkout/fulfil';
import * as instantWins from '../../functions/src/services/instantWins/instantWins';
import { adminDb } from '../support/admin';
import { callOk, newCustomer, type Customer } from '../support/customers';
import { createRaffle, line, adminWithPostalAddress } from '../support/raffles';
import {
  CARDS,
  payOnStripe,
  postSigned,
  settlePayment,
  signedEvents,
  stripeSessionOf,
} from '../support/stripeDouble';
import { stripe } from '../../functions/src/services/payments/stripe';

jest.mock('../../functions/src/services/instantWins/instantWins', () => {
  const actual = jest.requireActual('../../functions/src/services/instantWins/instantWins');
  return { ...actual, instantWinsAmong: jest.fn(actual.instantWinsAmong) };
});

jest.setTimeout(180_000);

let admin: Customer;

beforeAll(async () => {
  admin = await adminWithPostalAddress();
});

const ticketsOf = async (raffleId: string, userId: string) =>
  (
    await adminDb
      .collection('tickets')
      .where('raffleId', '==', raffleId)
      .where('userId', '==', userId)
      .get()
  ).docs.map((doc) => doc.data());

describe('a cancellation while a payment is being fulfilled', () => {
  it('refunds a payment whose tickets were written but whose order was not yet, when the administrator cancelled', async () => {
    const raffleId = await createRaffle();
    const buyer = await newCustomer('Buyer');
    const started = await callOk('startCheckout', { items: [line(raffleId, 2)] }, buyer);
    const page = stripeSessionOf(started.checkoutUrl);
    await payOnStripe(page, { number: CARDS.debit });
    const actual = jest.requireActual<typeof instantWins>(
      '../../functions/src/services/instantWins/instantWins',
    );
    let cancellation: unknown = null;
    (instantWins.instantWinsAmong as jest.Mock).mockImplementationOnce(
      async (...args: Parameters<typeof instantWins.instantWinsAmong>) => {
        // The tickets are written, the order not yet: the administrator cancels now.
        cancellation = await callOk('cancelRaffle', { raffleId }, admin);
        return actual.instantWinsAmong(...args);
      },
    );

    await settlePayment(page, started.sessionId);

    expect(cancellation).not.toBeNull();
    const order = (await adminDb.doc(`orders/${started.sessionId}`).get()).data()!;
    const tickets = await ticketsOf(raffleId, buyer.uid);
    // The raffle is cancelled and its tickets void, so the £3.00 paid must come back.
    expect(tickets.map((t) => t.status)).toEqual(['void', 'void']);
    expect({ status: order.status, refunded: order.refunds?.[raffleId]?.amount ?? 0 }).toEqual({
      status: 'cancelled',
      refunded: 300,
    });
  });

  it('voids and refunds a payment whose fulfilment had issued its numbers, but written nothing, when the administrator cancelled', async () => {
    const raffleId = await createRaffle();
    const buyer = await newCustomer('Buyer');
    const started = await callOk('startCheckout', { items: [line(raffleId, 2)] }, buyer);
    const page = stripeSessionOf(started.checkoutUrl);
    await payOnStripe(page, { number: CARDS.debit });
    // The webhook's fulfilment issues the numbers and stops there (an instance lost mid-way;
    // equally, the administrator's cancellation running between its steps).
    await expect(
      fulfilReservation(adminDb, started.sessionId, { method: 'Card' }, { failAfterTickets: 0 }),
    ).rejects.toThrow('Injected failure');
    const result = await callOk('cancelRaffle', { raffleId }, admin);
    expect(result.failedOrders).toEqual([]);
    // Stripe delivers the payment's event again: the fulfilment completes.
    await settlePayment(page, started.sessionId);

    const raffle = (await adminDb.doc(`raffles/${raffleId}`).get()).data()!;
    expect(raffle.drawStatus).toBe('cancelled');
    const tickets = await ticketsOf(raffleId, buyer.uid);
    const order = (await adminDb.doc(`orders/${started.sessionId}`).get()).data();
    // A cancelled raffle has no active tickets, and money taken for it goes back.
    expect(tickets.filter((t) => t.status === 'active')).toHaveLength(0);
    expect(order?.refunds?.[raffleId]?.amount ?? 0).toBe(300);
  });

  it('writes the payment’s Stripe link on an order the cancellation completes, so a refund made at Stripe still finds it', async () => {
    const [cancelled, kept] = await Promise.all([createRaffle(), createRaffle()]);
    const buyer = await newCustomer('Basket');
    const started = await callOk(
      'startCheckout',
      { items: [line(cancelled, 1), line(kept, 1)] },
      buyer,
    );
    const page = stripeSessionOf(started.checkoutUrl);
    await payOnStripe(page, { number: CARDS.debit });
    const paymentIntent = String(
      (await (await stripe()).checkout.sessions.retrieve(page)).payment_intent,
    );
    // The webhook's fulfilment issues the numbers and stops; the cancellation completes it.
    await expect(
      fulfilReservation(
        adminDb,
        started.sessionId,
        { method: 'Card', paymentIntentId: paymentIntent, cardFunding: 'debit' },
        { failAfterTickets: 0 },
      ),
    ).rejects.toThrow('Injected failure');
    expect((await callOk('cancelRaffle', { raffleId: cancelled }, admin)).failedOrders).toEqual([]);
    const order = (await adminDb.doc(`orders/${started.sessionId}`).get()).data()!;
    // Before, both were null: refunds and disputes made at Stripe found no order.
    expect(order).toMatchObject({ paymentIntentId: paymentIntent, cardFunding: 'debit' });

    // The rest refunded in Stripe's dashboard: the kept raffle's ticket goes out of the draw.
    await (await stripe()).refunds.create({ payment_intent: paymentIntent });
    const [event] = (await signedEvents(page, 'charge.refunded')).slice(-1);
    expect(await postSigned(event!)).toBe(200);
    const keptTickets = await ticketsOf(kept, buyer.uid);
    expect(keptTickets.map((t) => t.status)).toEqual(['void']);
  });
});

describe('setUserBanned with a checkout open', () => {
  it('issues no tickets to an account banned while it was on Stripe’s page', async () => {
    const raffleId = await createRaffle();
    const buyer = await newCustomer('Minor');
    const started = await callOk('startCheckout', { items: [line(raffleId, 2)] }, buyer);
    await callOk(
      'setUserBanned',
      { uid: buyer.uid, banned: true, reason: 'Under 18: a parent wrote in' },
      admin,
    );

    const page = stripeSessionOf(started.checkoutUrl);
    const paid = await payOnStripe(page, { number: CARDS.debit });
    if (!('error' in paid)) await settlePayment(page, started.sessionId);

    const tickets = await adminDb
      .collection('tickets')
      .where('raffleId', '==', raffleId)
      .where('userId', '==', buyer.uid)
      .where('status', '==', 'active')
      .get();
    expect(tickets.size).toBe(0);
  });
});
