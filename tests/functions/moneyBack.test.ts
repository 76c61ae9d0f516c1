/**
 * Money coming back through Stripe (a refund made in its dashboard, a dispute): the order's
 * tickets leave the draw, the customer and the shop are told, once however often the event
 * arrives; refunds the shop made itself change nothing more. A dispute the shop wins gives it
 * money for tickets that stayed void, which goes back to the card. A refund the card's bank
 * sends back is told to the customer and the shop, for a person to return another way.
 */
import {
  DRAW_MESSAGES,
  auditLogCollection,
  entriesPath,
  holdersPath,
  mailCollection,
  notificationsPath,
  ORDER_ADMIN_MESSAGES,
  ORDER_REFUND_MESSAGES,
  REFUND_STOPPED_BY_DISPUTE,
  SITE_SETTINGS_PATH,
} from '@rafflewin/domain';
import { adminAuth, adminDb } from '../support/admin';
import { call, callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import { AFTER_FAR_END, FAR_END, createRaffle, line } from '../support/raffles';
import {
  CARDS,
  chargeIdOf,
  closeDispute,
  failRefund,
  latestEvent,
  openDispute,
  paidByCard,
  payOnStripe,
  postSigned,
  settlePayment,
  signedEvents,
  stripeSessionOf,
  type PaidByCard,
  type SignedEvent,
} from '../support/stripeDouble';
import * as refunds from '../../functions/src/services/payments/refundPayment';
import * as voiding from '../../functions/src/services/tickets/voidTickets';
import { drawRaffle } from '../../functions/src/services/draws/draw';
import { stripe } from '../../functions/src/services/payments/stripe';

// An administrator's refund is asked of Stripe here: a test lands a dispute meanwhile.
jest.mock('../../functions/src/services/payments/refundPayment', () => {
  const actual = jest.requireActual('../../functions/src/services/payments/refundPayment');
  return { ...actual, refundPayment: jest.fn(actual.refundPayment) };
});

// Voiding the tickets after the order is marked: a test makes it fail once.
jest.mock('../../functions/src/services/tickets/voidTickets', () => {
  const actual = jest.requireActual('../../functions/src/services/tickets/voidTickets');
  return { ...actual, voidTickets: jest.fn(actual.voidTickets) };
});

jest.setTimeout(120_000);

/** A purchase paid on Stripe's page (the double's), fulfilled by its webhook event. */
async function paidThroughStripe(buyer: Customer, raffleId: string, quantity: number) {
  return paidByCard(await callOk('startCheckout', { items: [line(raffleId, quantity)] }, buyer));
}

const deliverEvent = async (event: SignedEvent) => ({ status: await postSigned(event) });

/** A refund made in Stripe's dashboard: its `charge.refunded` event. */
async function refundedAtStripe(paid: PaidByCard, amount: number): Promise<SignedEvent> {
  await (await stripe()).refunds.create({ payment_intent: paid.paymentIntent, amount });
  return latestEvent(paid, 'charge.refunded');
}

/** £10.00 of tickets paid with £3.00 of account credit and £7.00 by card. */
async function splitOrder(name: string) {
  const [buyer, raffleId] = await Promise.all([
    newCustomer(name, 'Split'),
    createRaffle({ ticketPrice: 250 }),
  ]);
  await adminDb.doc(`users/${buyer.uid}`).update({ accountCredit: 300 });
  const started = await callOk('startCheckout', { items: [line(raffleId, 4)] }, buyer);
  expect(started.amount).toBe(700);
  const paid = await paidByCard(started);
  expect(await creditOf(buyer)).toBe(0);
  return { buyer, paid, raffleId };
}

const creditOf = async (customer: Customer) =>
  (await adminDb.doc(`users/${customer.uid}`).get()).get('accountCredit') as number;

const ticketsOf = async (orderId: string) =>
  (await adminDb.collection('tickets').where('orderId', '==', orderId).get()).docs;

async function auditOf(orderId: string, action: string) {
  const entries = await adminDb
    .collection(auditLogCollection)
    .where('target', '==', `orders/${orderId}`)
    .where('action', '==', action)
    .get();
  return entries.docs.map((entry) => entry.data());
}

describe('money back through Stripe', () => {
  it('a full refund made at Stripe voids the tickets and tells the customer once', async () => {
    const [buyer, raffleId] = await Promise.all([newCustomer('Rita', 'Refund'), createRaffle()]);
    const paid = await paidThroughStripe(buyer, raffleId, 3);
    const { orderId: sessionId, amount } = paid;
    expect(paid.paymentIntent).toMatch(/^pi_test_/);

    const refund = await refundedAtStripe(paid, amount);
    expect((await deliverEvent(refund)).status).toBe(200);
    expect((await deliverEvent(refund)).status).toBe(200);

    const after = await adminDb.doc(`orders/${sessionId}`).get();
    expect(after.data()).toMatchObject({
      paymentStatus: 'refunded',
      status: 'cancelled',
      moneyBack: { kind: 'refunded', amount, afterDraw: false },
    });
    expect((await ticketsOf(sessionId)).map((t) => t.get('status'))).toEqual([
      'void',
      'void',
      'void',
    ]);
    expect((await adminDb.collection(entriesPath(raffleId)).get()).size).toBe(0);
    // They no longer count towards the customer's limit (once, though the event came twice).
    const holder = await adminDb.doc(`${holdersPath(raffleId)}/${buyer.uid}`).get();
    expect(holder.get('owned')).toBe(0);
    const note = await adminDb
      .doc(`${notificationsPath(buyer.uid)}/money-back-refunded-${sessionId}`)
      .get();
    expect(note.get('message')).toContain('its tickets are void and will not be in the draw');
    expect(await auditOf(sessionId, 'order.refundedAtStripe')).toHaveLength(1);
  });

  it("the shop's own refunds (a cancelled raffle's lines) change nothing more", async () => {
    const [buyer, admin, raffleId, other] = await Promise.all([
      newCustomer('Otto', 'Own'),
      newAdmin(),
      createRaffle({ ticketPrice: 300 }),
      createRaffle({ ticketPrice: 100 }),
    ]);
    const paid = await paidByCard(
      await callOk('startCheckout', { items: [line(raffleId, 1), line(other, 1)] }, buyer),
    );
    const { orderId: sessionId } = paid;
    await callOk('cancelRaffle', { raffleId }, admin);
    // Stripe tells us of the refund we made: £3 of £4.
    const refund = await latestEvent(paid, 'charge.refunded');
    expect(JSON.parse(refund.payload).data.object.amount_refunded).toBe(300);
    expect((await deliverEvent(refund)).status).toBe(200);
    const tickets = await ticketsOf(sessionId);
    const active = tickets.filter((t) => t.get('status') === 'active');
    expect(active.map((t) => t.get('raffleId'))).toEqual([other]);
    expect((await adminDb.doc(`orders/${sessionId}`).get()).get('moneyBack')).toBeUndefined();
  });

  it('a raffle cancelled before a full refund made at Stripe is told settles that refund, not fails', async () => {
    const [buyer, admin, raffleId] = await Promise.all([
      newCustomer('Dina', 'Dashboard'),
      newAdmin(),
      createRaffle(),
    ]);
    const paid = await paidThroughStripe(buyer, raffleId, 2);
    // Refunded in the dashboard; its charge.refunded has not reached the webhook yet.
    await (await stripe()).refunds.create({ payment_intent: paid.paymentIntent });
    const cancelled = await callOk('cancelRaffle', { raffleId }, admin);
    expect(cancelled).toMatchObject({ failedOrders: [], refundedAmount: 0 });
    expect((await adminDb.doc(`orders/${paid.orderId}`).get()).data()).toMatchObject({
      paymentStatus: 'refunded',
      status: 'cancelled',
      refundedAmount: paid.amount,
      moneyBack: { kind: 'refunded', amount: paid.amount },
    });
    expect((await ticketsOf(paid.orderId)).map((t) => t.get('status'))).toEqual(['void', 'void']);
    // The event, when it comes, changes nothing more.
    expect((await deliverEvent(await latestEvent(paid, 'charge.refunded'))).status).toBe(200);
    expect(await auditOf(paid.orderId, 'order.refundedAtStripe')).toHaveLength(1);
  });

  it('a partial refund made at Stripe is left to a person (audited), tickets unchanged', async () => {
    const [buyer, raffleId] = await Promise.all([newCustomer('Pat', 'Partial'), createRaffle()]);
    const paid = await paidThroughStripe(buyer, raffleId, 2);
    const { orderId: sessionId } = paid;
    const event = await refundedAtStripe(paid, 100);
    // Logged once, however often Stripe tells it.
    for (let delivery = 0; delivery < 3; delivery += 1) {
      expect((await deliverEvent(event)).status).toBe(200);
    }
    expect((await ticketsOf(sessionId)).every((t) => t.get('status') === 'active')).toBe(true);
    expect(await auditOf(sessionId, 'order.partialRefundAtStripe')).toHaveLength(1);
  });

  it('an order paid with credit and card, refunded in full at Stripe, gives the credit back too, once', async () => {
    const [admin, { buyer, paid, raffleId }] = await Promise.all([newAdmin(), splitOrder('Rufus')]);
    const event = await refundedAtStripe(paid, 700);
    expect((await deliverEvent(event)).status).toBe(200);
    expect((await deliverEvent(event)).status).toBe(200);
    expect((await ticketsOf(paid.orderId)).every((t) => t.get('status') === 'void')).toBe(true);
    expect(await creditOf(buyer)).toBe(300);
    const notes = await adminDb
      .collection(notificationsPath(buyer.uid))
      .where('title', '==', 'Order refunded')
      .get();
    expect(notes.docs.map((note) => note.get('message') as string)).toEqual([
      expect.stringMatching(
        /has been refunded to your card, so its tickets are void and will not be in the draw\. £3\.00 of account credit it used has been returned to your account\.$/,
      ),
    ]);
    // The raffle cancelled afterwards gives nothing more back, nor does deleting the order
    // (before, the delete gave the £3.00 back a second time).
    await callOk('cancelRaffle', { raffleId }, admin);
    expect(await creditOf(buyer)).toBe(300);
    await callOk('deleteOrder', { orderId: paid.orderId }, admin);
    expect(await creditOf(buyer)).toBe(300);
  });

  it('an order paid with credit and card, disputed, gives the credit back as its tickets go void', async () => {
    const { buyer, paid } = await splitOrder('Dora');
    const { id: disputeId } = await openDispute(await chargeIdOf(paid));
    expect((await deliverEvent(await latestEvent(paid, 'charge.dispute.created'))).status).toBe(
      200,
    );
    expect((await ticketsOf(paid.orderId)).every((t) => t.get('status') === 'void')).toBe(true);
    expect(await creditOf(buyer)).toBe(300);
    // An open dispute keeps its order: its close finds the order and refunds what came back.
    const admin = await newAdmin();
    expect(await call('deleteOrder', { orderId: paid.orderId }, admin)).toMatchObject({
      ok: false,
      message: ORDER_ADMIN_MESSAGES.moneyOpen,
    });
    await closeDispute(disputeId, 'won');
    expect((await deliverEvent(await latestEvent(paid, 'charge.dispute.closed'))).status).toBe(200);
    // The card gets back what it paid; the credit came back once, and a delete now adds none.
    const charge = await (await stripe()).charges.retrieve(await chargeIdOf(paid));
    expect(charge.amount_refunded).toBe(700);
    expect(await creditOf(buyer)).toBe(300);
    await callOk('deleteOrder', { orderId: paid.orderId }, admin);
    expect(await creditOf(buyer)).toBe(300);
  });

  it('a disputed order still counts against the month’s limit the credit it spent on a raffle already drawn', async () => {
    const { buyer, paid, raffleId } = await splitOrder('Drew');
    const spending = () => callOk('getMonthSpending', {}, buyer);
    expect(await spending()).toEqual({ spent: 1000, creditCard: 700 });
    await adminDb.doc(`raffles/${raffleId}`).update({ drawStatus: 'drawn' });
    const { id: disputeId } = await openDispute(await chargeIdOf(paid));
    expect((await deliverEvent(await latestEvent(paid, 'charge.dispute.created'))).status).toBe(
      200,
    );
    // The bank gave the card's £7.00 back; the £3.00 of credit went on a raffle that was drawn.
    expect(await creditOf(buyer)).toBe(0);
    expect(await spending()).toEqual({ spent: 300, creditCard: 0 });
    // The shop wins: the bank gives the £7.00 back to the shop, and the raffle was drawn, so
    // nothing is refunded to the card. It counts against the month again.
    await closeDispute(disputeId, 'won');
    expect((await deliverEvent(await latestEvent(paid, 'charge.dispute.closed'))).status).toBe(200);
    expect(await spending()).toEqual({ spent: 1000, creditCard: 700 });
  });

  /** £5.00 of tickets in each of two raffles, `credit` of it paid with account credit. */
  async function twoRaffleOrder(name: string, credit: number) {
    const [buyer, drawnId, openId] = await Promise.all([
      newCustomer(name, 'Twice'),
      createRaffle({ ticketPrice: 500 }),
      createRaffle({ ticketPrice: 500 }),
    ]);
    await adminDb.doc(`users/${buyer.uid}`).update({ accountCredit: credit });
    const started = await callOk(
      'startCheckout',
      { items: [line(drawnId, 1), line(openId, 1)] },
      buyer,
    );
    expect(started.amount).toBe(1000 - credit);
    return { buyer, drawnId, openId, paid: await paidByCard(started) };
  }

  it('an order of a drawn raffle and one not, disputed, gives back as credit only what the card’s money does not cover', async () => {
    const admin = await newAdmin();
    // £5.00 by card and £5.00 of credit; the first raffle is drawn, then the bank takes the
    // card's £5.00 back: that covers the second raffle's £5.00, so no credit comes back (before,
    // the £5.00 of credit came back too: £10.00 back for £10.00 of tickets, half of them drawn).
    const even = await twoRaffleOrder('Evan', 500);
    await adminDb.doc(`raffles/${even.drawnId}`).update({ drawStatus: 'drawn' });
    const { id: lostId } = await openDispute(await chargeIdOf(even.paid));
    expect(
      (await deliverEvent(await latestEvent(even.paid, 'charge.dispute.created'))).status,
    ).toBe(200);
    expect(await creditOf(even.buyer)).toBe(0);
    expect((await adminDb.doc(`orders/${even.paid.orderId}`).get()).get('moneyBack')).toMatchObject(
      { creditReturned: 0, creditKept: 500 },
    );
    // Neither the second raffle's cancellation nor the dispute's close gives the credit back.
    await callOk('cancelRaffle', { raffleId: even.openId }, admin);
    await closeDispute(lostId, 'lost');
    expect((await deliverEvent(await latestEvent(even.paid, 'charge.dispute.closed'))).status).toBe(
      200,
    );
    expect(await creditOf(even.buyer)).toBe(0);

    // £2.00 by card and £8.00 of credit: the card's £2.00 back covers part of the second raffle,
    // £3.00 of credit the rest. The shop wins the dispute: the card gets its £2.00 back.
    const most = await twoRaffleOrder('Mo', 800);
    await adminDb.doc(`raffles/${most.drawnId}`).update({ drawStatus: 'drawn' });
    const { id: wonId } = await openDispute(await chargeIdOf(most.paid));
    expect(
      (await deliverEvent(await latestEvent(most.paid, 'charge.dispute.created'))).status,
    ).toBe(200);
    expect(await creditOf(most.buyer)).toBe(300);
    await closeDispute(wonId, 'won');
    expect((await deliverEvent(await latestEvent(most.paid, 'charge.dispute.closed'))).status).toBe(
      200,
    );
    const charge = await (await stripe()).charges.retrieve(await chargeIdOf(most.paid));
    expect(charge.amount_refunded).toBe(200);
    expect(await creditOf(most.buyer)).toBe(300);
  });

  it('an order of a drawn raffle and one not, refunded in full at Stripe, gives no credit the refund covers', async () => {
    const { buyer, drawnId, paid } = await twoRaffleOrder('Ruth', 500);
    await adminDb.doc(`raffles/${drawnId}`).update({ drawStatus: 'drawn' });
    expect((await deliverEvent(await refundedAtStripe(paid, 500))).status).toBe(200);
    expect((await ticketsOf(paid.orderId)).every((t) => t.get('status') === 'void')).toBe(true);
    expect(await creditOf(buyer)).toBe(0);
    const order = (await adminDb.doc(`orders/${paid.orderId}`).get()).data()!;
    expect(order.moneyBack).toMatchObject({ kind: 'refunded', creditReturned: 0, creditKept: 500 });
  });

  it('a dispute that lands while an administrator’s refund is at Stripe gives back the credit that refund would have', async () => {
    const { buyer, paid } = await splitOrder('Dina');
    const admin = await newAdmin();
    (refunds.refundPayment as jest.Mock).mockImplementationOnce(async () => {
      // The bank's dispute arrives while Stripe is asked, and Stripe then refuses the refund.
      await openDispute(await chargeIdOf(paid));
      const dispute = await latestEvent(paid, 'charge.dispute.created');
      expect((await deliverEvent(dispute)).status).toBe(200);
      throw Object.assign(new Error('The charge is disputed'), {
        statusCode: 400,
        code: 'charge_disputed',
      });
    });
    expect(await call('refundOrder', { orderId: paid.orderId }, admin)).toMatchObject({
      ok: false,
      message: ORDER_REFUND_MESSAGES.failed,
    });
    expect((await ticketsOf(paid.orderId)).every((t) => t.get('status') === 'void')).toBe(true);
    // The dispute returns the card's £7.00; the £3.00 of credit comes back here, once.
    expect(await creditOf(buyer)).toBe(300);
    const order = (await adminDb.doc(`orders/${paid.orderId}`).get()).data()!;
    expect(order.moneyBack).toMatchObject({ kind: 'disputed', creditReturned: 300 });
    expect(order.ticketRefunds ?? {}).toEqual({});
  });

  it('a dispute that lands while a cancelled raffle’s refund is at Stripe gives the credit back once', async () => {
    const { buyer, paid, raffleId } = await splitOrder('Dana');
    const admin = await newAdmin();
    (refunds.refundPayment as jest.Mock).mockImplementationOnce(async (...args: unknown[]) => {
      // Stripe refunds the card's £7.00; the bank's dispute is told before the cancellation
      // records that refund, and its voiding gives back the £3.00 of credit the order used.
      const actual = jest.requireActual<typeof refunds>(
        '../../functions/src/services/payments/refundPayment',
      );
      const made = await actual.refundPayment(...(args as Parameters<typeof actual.refundPayment>));
      await openDispute(await chargeIdOf(paid));
      const dispute = await latestEvent(paid, 'charge.dispute.created');
      expect((await deliverEvent(dispute)).status).toBe(200);
      expect(await creditOf(buyer)).toBe(300);
      return made;
    });
    await callOk('cancelRaffle', { raffleId }, admin);
    // Before, the cancellation gave the £3.00 back again when it recorded the card's refund.
    expect(await creditOf(buyer)).toBe(300);
    const order = (await adminDb.doc(`orders/${paid.orderId}`).get()).data()!;
    expect(order.refunds[raffleId]).toMatchObject({ amount: 700, creditReturned: 0 });
    expect(order.moneyBack).toMatchObject({ kind: 'disputed', creditReturned: 300 });
    expect(order.spendReturned).toEqual({ card: 700, credit: 300 });
  });

  it('a dispute the shop wins refunds the card, once; the tickets stay void', async () => {
    const [buyer, admin, raffleId] = await Promise.all([
      newCustomer('Will', 'Won'),
      newAdmin(),
      createRaffle({ ticketPrice: 250 }),
    ]);
    const paid = await paidThroughStripe(buyer, raffleId, 2);
    const { orderId, amount } = paid;
    const charge = await chargeIdOf(paid);
    const { id: disputeId } = await openDispute(charge);
    await deliverEvent(await latestEvent(paid, 'charge.dispute.created'));
    // While the bank holds the money, Stripe refunds none of it.
    await expect(
      (await stripe()).refunds.create({ payment_intent: paid.paymentIntent, amount: 100 }),
    ).rejects.toMatchObject({ code: 'charge_disputed' });

    await closeDispute(disputeId, 'won');
    const closed = await latestEvent(paid, 'charge.dispute.closed');
    expect((await deliverEvent(closed)).status).toBe(200);
    expect((await deliverEvent(closed)).status).toBe(200);
    // Stripe tells us of the refund just made: the shop's own, nothing more happens.
    expect((await deliverEvent(await latestEvent(paid, 'charge.refunded'))).status).toBe(200);

    const order = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
    expect(order).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      refundedAmount: amount,
      moneyBack: {
        kind: 'disputed',
        closed: { outcome: 'won', refund: { amount, state: 'done', provider: 'stripe' } },
      },
    });
    const refundedAtStripe = async () =>
      (await (await stripe()).charges.retrieve(charge)).amount_refunded;
    expect(await refundedAtStripe()).toBe(amount);
    expect((await ticketsOf(orderId)).every((t) => t.get('status') === 'void')).toBe(true);
    const notes = await adminDb
      .collection(notificationsPath(buyer.uid))
      .where('title', '==', 'Dispute closed')
      .get();
    expect(notes.docs.map((note) => note.get('message'))).toEqual([
      `The dispute over order ${order.orderNumber} has closed. Its tickets stayed void, so £5.00 has been refunded to your card; it can take 5 to 10 working days to appear.`,
    ]);
    expect(await auditOf(orderId, 'order.disputeWon')).toHaveLength(1);
    expect(await auditOf(orderId, 'order.refundedAfterDispute')).toHaveLength(1);

    // The raffle cancelled afterwards: the card has had its money back already.
    await callOk('cancelRaffle', { raffleId }, admin);
    expect(await refundedAtStripe()).toBe(amount);
  });

  it('a dispute the shop loses changes nothing more, even told before it was opened', async () => {
    const [buyer, raffleId] = await Promise.all([newCustomer('Liv', 'Lost'), createRaffle()]);
    const paid = await paidThroughStripe(buyer, raffleId, 1);
    const { orderId } = paid;
    const charge = await chargeIdOf(paid);
    const { id: disputeId } = await openDispute(charge);
    await closeDispute(disputeId, 'lost');
    // Out of order: the close first, then the opening.
    expect((await deliverEvent(await latestEvent(paid, 'charge.dispute.closed'))).status).toBe(200);
    expect((await deliverEvent(await latestEvent(paid, 'charge.dispute.created'))).status).toBe(
      200,
    );

    expect((await adminDb.doc(`orders/${orderId}`).get()).data()).toMatchObject({
      paymentStatus: 'disputed',
      moneyBack: { kind: 'disputed', closed: { outcome: 'lost', refund: null } },
    });
    expect((await ticketsOf(orderId)).every((t) => t.get('status') === 'void')).toBe(true);
    expect((await (await stripe()).charges.retrieve(charge)).amount_refunded).toBe(0);
    expect(await auditOf(orderId, 'order.disputeLost')).toHaveLength(1);
    expect(await auditOf(orderId, 'order.disputed')).toHaveLength(1);
  });

  it('a dispute voids the tickets, even after the draw (not drawn again), once', async () => {
    const [buyer, raffleId] = await Promise.all([newCustomer('Dee', 'Dispute'), createRaffle()]);
    const paid = await paidThroughStripe(buyer, raffleId, 2);
    const { orderId: sessionId } = paid;
    await adminDb.doc(`raffles/${raffleId}`).update({ drawStatus: 'drawn' });
    const charge = JSON.parse((await latestEvent(paid, 'charge.succeeded')).payload).data.object.id;
    const { id: disputeId } = await openDispute(String(charge));
    const dispute = await latestEvent(paid, 'charge.dispute.created');
    expect((await deliverEvent(dispute)).status).toBe(200);
    expect((await deliverEvent(dispute)).status).toBe(200);
    expect((await adminDb.doc(`orders/${sessionId}`).get()).data()).toMatchObject({
      paymentStatus: 'disputed',
      moneyBack: { kind: 'disputed', afterDraw: true, drawnRaffles: [raffleId] },
    });
    expect((await ticketsOf(sessionId)).every((t) => t.get('status') === 'void')).toBe(true);
    const [audit, ...more] = await auditOf(sessionId, 'order.disputed');
    expect(more).toEqual([]);
    expect(audit?.after).toMatchObject({ note: 'voided after the draw' });
    const notes = await adminDb
      .collection(notificationsPath(buyer.uid))
      .where('title', '==', 'Payment disputed')
      .get();
    expect(notes.size).toBe(1);

    // The shop wins: the tickets were in the draw, so nothing goes back to the card. Before, the
    // card was refunded in full for tickets that had taken part in the draw.
    await closeDispute(disputeId, 'won');
    expect((await deliverEvent(await latestEvent(paid, 'charge.dispute.closed'))).status).toBe(200);
    const refunded = await (await stripe()).charges.retrieve(String(charge));
    expect(refunded.amount_refunded).toBe(0);
    expect((await adminDb.doc(`orders/${sessionId}`).get()).get('moneyBack.closed')).toMatchObject({
      outcome: 'won',
      refund: null,
    });
    expect((await auditOf(sessionId, 'order.disputeWon'))[0]?.after).toMatchObject({
      refundToCard: 0,
    });
  });

  it('a refund the card’s bank sends back is told to the customer and the shop, once', async () => {
    const [buyer, admin, raffleId] = await Promise.all([
      newCustomer('Fay', 'Failed'),
      newAdmin(),
      createRaffle({ ticketPrice: 300 }),
    ]);
    const paid = await paidThroughStripe(buyer, raffleId, 1);
    const { orderId } = paid;
    await callOk('cancelRaffle', { raffleId }, admin);
    const before = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
    const refundId = String(before.refunds[raffleId].refundId);
    await failRefund(refundId, 'lost_or_stolen_card');

    // Stripe tells it twice (the refund's own event and the charge's), and may repeat either.
    for (const type of ['refund.failed', 'charge.refund.updated', 'refund.failed']) {
      expect((await deliverEvent(await latestEvent(paid, type))).status).toBe(200);
    }
    const after = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
    // Still owed to the customer: counted as refunded, with the failure on record.
    expect(after.refundedAmount).toBe(before.refundedAmount);
    expect(after.failedRefunds).toEqual({
      [refundId]: { amount: 300, reason: 'lost_or_stolen_card', at: expect.anything() },
    });
    const notes = await adminDb
      .collection(notificationsPath(buyer.uid))
      .where('title', '==', 'Refund failed')
      .get();
    expect(notes.docs.map((note) => note.get('message'))).toEqual([
      `We could not refund £3.00 to your card for order ${after.orderNumber}: the card was reported lost or stolen. We will contact you to return the money another way.`,
    ]);
    const mail = await adminDb.doc(`${mailCollection}/refund-failed-${refundId}`).get();
    expect(mail.get('to')).toBe(buyer.email);
    expect(mail.get('subject')).toBe(`Refund failed: ${after.orderNumber}`);
    expect(await auditOf(orderId, 'payment.refundFailed')).toHaveLength(1);
  });

  it('a refund the customer’s dispute stopped is told as the dispute returning the money', async () => {
    const [buyer, admin, raffleId] = await Promise.all([
      newCustomer('Dora', 'Disputed'),
      newAdmin(),
      createRaffle({ ticketPrice: 400 }),
    ]);
    // This file's own project: the shop's address is told too.
    await adminDb
      .doc(SITE_SETTINGS_PATH)
      .set({ contactEmail: 'shop@example.com' }, { merge: true });
    const paid = await paidThroughStripe(buyer, raffleId, 1);
    const { orderId } = paid;
    await callOk('cancelRaffle', { raffleId }, admin);
    const before = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
    const refundId = String(before.refunds[raffleId].refundId);
    await failRefund(refundId, REFUND_STOPPED_BY_DISPUTE);
    expect((await deliverEvent(await latestEvent(paid, 'refund.failed'))).status).toBe(200);

    const after = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
    expect(after.failedRefunds).toEqual({
      [refundId]: { amount: 400, reason: REFUND_STOPPED_BY_DISPUTE, at: expect.anything() },
    });
    const notes = await adminDb.collection(notificationsPath(buyer.uid)).get();
    const told = notes.docs.filter((note) => note.id === `refund-failed-${refundId}`);
    expect(told.map((note) => [note.get('title'), note.get('message')])).toEqual([
      [
        'Refund returned through your dispute',
        `Your bank is returning £4.00 for order ${after.orderNumber} through the dispute you raised, so our refund to your card was not made as well. If the dispute does not end in your favour, we will contact you to return the money another way.`,
      ],
    ]);
    const shop = await adminDb.doc(`${mailCollection}/refund-failed-${refundId}-shop`).get();
    expect(shop.get('to')).toBe('shop@example.com');
    expect(shop.get('subject')).toBe(`Refund stopped by a dispute: ${refundId}`);
    expect(shop.get('text')).toContain('accept it rather than contest it');
    expect(shop.get('text')).not.toContain('another way.');
  });

  it('a failed refund of a payment that made no order finds its customer through the checkout', async () => {
    const [buyer, admin, raffleId] = await Promise.all([
      newCustomer('Lou', 'Late'),
      newAdmin(),
      createRaffle({ ticketPrice: 200 }),
    ]);
    const started = await callOk('startCheckout', { items: [line(raffleId, 1)] }, buyer);
    const stripeSessionId = stripeSessionOf(started.checkoutUrl);
    expect('redirect' in (await payOnStripe(stripeSessionId, { number: CARDS.debit }))).toBe(true);
    // Cancelled while the customer paid: the payment is refunded in full, no order is made.
    await callOk('cancelRaffle', { raffleId }, admin);
    await settlePayment(stripeSessionId, started.sessionId);
    expect((await adminDb.doc(`orders/${started.sessionId}`).get()).exists).toBe(false);
    const [created] = await signedEvents(stripeSessionId, 'refund.created');
    const refundId = String(JSON.parse(created!.payload).data.object.id);
    await failRefund(refundId);

    const [failed] = await signedEvents(stripeSessionId, 'refund.failed');
    expect((await deliverEvent(failed!)).status).toBe(200);
    expect((await deliverEvent(failed!)).status).toBe(200);
    const told = () =>
      adminDb.collection(notificationsPath(buyer.uid)).where('title', '==', 'Refund failed').get();
    expect((await told()).docs.map((note) => note.get('message'))).toEqual([
      'We could not refund £2.00 to your card for a payment we could not accept: the card has expired or been cancelled. We will contact you to return the money another way.',
    ]);
    const audit = () =>
      adminDb
        .collection(auditLogCollection)
        .where('target', '==', `checkoutSessions/${started.sessionId}`)
        .where('action', '==', 'payment.refundFailed')
        .get();
    expect((await audit()).size).toBe(1);
    // The customer clears their notifications and Stripe tells the failure again: the shop is
    // not told a second time to return the money (before, the notification was the only record
    // that it had been told).
    await callOk('deleteAllNotifications', {}, buyer);
    expect((await deliverEvent(failed!)).status).toBe(200);
    expect((await audit()).size).toBe(1);
    expect((await told()).size).toBe(0);
  });
});

describe('money back whose webhook fails before its tickets are void', () => {
  /** Two buyers of a raffle ending far ahead: one keeps 2 tickets, the other's 1 comes back. */
  async function keptAndBacked(kept: string, backed: string) {
    const [alice, bob, raffleId] = await Promise.all([
      newCustomer(kept, 'Kept'),
      newCustomer(backed, 'Back'),
      createRaffle({ endDate: FAR_END, maxTickets: 50 }),
    ]);
    await paidThroughStripe(alice, raffleId, 2);
    return { raffleId, paid: await paidThroughStripe(bob, raffleId, 1) };
  }

  /** The event delivered while voiding its tickets fails: 500, the order marked and held. */
  async function failsVoiding(event: SignedEvent, raffleId: string) {
    (voiding.voidTickets as jest.Mock).mockRejectedValueOnce(new Error('deadline exceeded'));
    expect((await deliverEvent(event)).status).toBe(500);
    await expect(
      drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END),
    ).rejects.toMatchObject({ code: 'unavailable', message: DRAW_MESSAGES.notReady });
  }

  /** The order's hold is let go once and the draw goes ahead without its ticket. */
  async function expectReleasedAndDrawn(orderId: string, raffleId: string) {
    expect((await ticketsOf(orderId)).map((t) => t.get('status'))).toEqual(['void']);
    const order = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
    expect(order.refunding).toEqual({ [raffleId]: 0 });
    expect(order.moneyBack).toMatchObject({ ticketsVoided: true, holdsDraws: [raffleId] });
    const record = await drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END);
    expect(record).toMatchObject({ status: 'drawn', eligibleCount: 2 });
    return order;
  }

  it('a dispute holds the draw until they are, so the draw leaves them out', async () => {
    const { raffleId, paid } = await keptAndBacked('Alice', 'Bob');
    await openDispute(await chargeIdOf(paid));
    const event = await latestEvent(paid, 'charge.dispute.created');
    await failsVoiding(event, raffleId);
    // The order is marked disputed; its ticket stays active until Stripe's next delivery.
    expect((await deliverEvent(event)).status).toBe(200);
    await expectReleasedAndDrawn(paid.orderId, raffleId);
    // Delivered again, it changes nothing.
    expect((await deliverEvent(event)).status).toBe(200);
    const order = (await adminDb.doc(`orders/${paid.orderId}`).get()).data()!;
    expect(order.refunding).toEqual({ [raffleId]: 0 });
  });

  it('a refund at Stripe is finished by the retry, though its amount is counted already', async () => {
    const { raffleId, paid } = await keptAndBacked('Ann', 'Ben');
    const refund = await refundedAtStripe(paid, paid.amount);
    await failsVoiding(refund, raffleId);
    // Before, the retry found the refund counted on the order already and ended there: the
    // ticket stayed in the draw's entries and the draw was refused for good.
    expect((await deliverEvent(refund)).status).toBe(200);
    const order = await expectReleasedAndDrawn(paid.orderId, raffleId);
    expect(order.moneyBack).toMatchObject({ kind: 'refunded' });
  });

  it('a refund at Stripe not yet voided, then a dispute of it, hold the draw once', async () => {
    const { raffleId, paid } = await keptAndBacked('Alma', 'Bert');
    const refund = await refundedAtStripe(paid, paid.amount);
    await failsVoiding(refund, raffleId);
    // The bank's dispute comes before Stripe delivers the refund again: it marks the order
    // again while the refund's marking still holds the draw.
    await openDispute(await chargeIdOf(paid));
    const dispute = await latestEvent(paid, 'charge.dispute.created');
    expect((await deliverEvent(dispute)).status).toBe(200);
    expect((await deliverEvent(refund)).status).toBe(200);
    // Before, the second marking held the draw again and the one release let go once: the draw
    // was refused as not ready for good.
    const order = await expectReleasedAndDrawn(paid.orderId, raffleId);
    expect(order.moneyBack).toMatchObject({ kind: 'disputed' });
  });
});
