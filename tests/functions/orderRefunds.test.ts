/**
 * Order management → Refund: a paid card order refunded in full or ticket by ticket through
 * Stripe's Refunds API (the double's), once however often (or however concurrently) it is
 * asked, with the tickets void, the customer told and the refund audited.
 */
import {
  CHECKOUT_MESSAGES,
  ORDER_REFUND_MESSAGES,
  TICKET_ADMIN_MESSAGES,
  auditLogCollection,
  entriesPath,
  holdersPath,
  notificationsPath,
  rafflePath,
  ticketId,
} from '@rafflewin/domain';
import { adminAuth, adminDb } from '../support/admin';
import { call, callOk, creditOf, newAdmin, newCustomer, type Customer } from '../support/customers';
import { AFTER_FAR_END, FAR_END, createRaffle, line } from '../support/raffles';
import {
  forgetIdempotencyKeys,
  loseNextRefundAnswer,
  payByCard,
  postSigned,
  signedEvents,
  stripeSessionOf,
} from '../support/stripeDouble';
import { drawRaffle } from '../../functions/src/services/draws/draw';
import * as instantWins from '../../functions/src/services/instantWins/instantWins';
import * as moneyBack from '../../functions/src/services/payments/moneyBack';
import * as refunds from '../../functions/src/services/payments/refundPayment';
import { stripe } from '../../functions/src/services/payments/stripe';

// Voiding the tickets' instant wins is the step after Stripe's refund: a test makes it fail.
jest.mock('../../functions/src/services/instantWins/instantWins', () => {
  const actual = jest.requireActual('../../functions/src/services/instantWins/instantWins');
  return { ...actual, voidInstantWins: jest.fn(actual.voidInstantWins) };
});
// Settling a refund Stripe had already made: a test makes it fail.
jest.mock('../../functions/src/services/payments/moneyBack', () => {
  const actual = jest.requireActual('../../functions/src/services/payments/moneyBack');
  return { ...actual, settleRefundedAtStripe: jest.fn(actual.settleRefundedAtStripe) };
});
// Stripe is asked for the refund here: a test has another administrator act meanwhile.
jest.mock('../../functions/src/services/payments/refundPayment', () => {
  const actual = jest.requireActual('../../functions/src/services/payments/refundPayment');
  return { ...actual, refundPayment: jest.fn(actual.refundPayment) };
});

jest.setTimeout(120_000);

let admin: Customer;

beforeAll(async () => {
  admin = await newAdmin();
});

interface Bought {
  buyer: Customer;
  raffleId: string;
  orderId: string;
  stripeSessionId: string;
  ticketIds: string[];
}

/** A customer's paid order of `quantity` £1.50 tickets. */
async function bought(quantity: number, raffleId?: string): Promise<Bought> {
  const [raffle, buyer] = await Promise.all([
    raffleId ?? createRaffle({ ticketPrice: 150 }),
    newCustomer('Rory', 'Refund'),
  ]);
  const started = await callOk('startCheckout', { items: [line(raffle, quantity)] }, buyer);
  const { orderId, ticketNumbers } = await payByCard(started);
  return {
    buyer,
    raffleId: raffle,
    orderId,
    stripeSessionId: stripeSessionOf(started.checkoutUrl),
    ticketIds: (ticketNumbers[raffle] ?? []).map((n) => ticketId(raffle, n)),
  };
}

const orderOf = async (orderId: string) => (await adminDb.doc(`orders/${orderId}`).get()).data()!;

async function ticketStatuses(ids: string[]) {
  const tickets = await adminDb.getAll(...ids.map((id) => adminDb.doc(`tickets/${id}`)));
  return tickets.map((ticket) => ticket.get('status') as string);
}

/** The refunds Stripe (the double) made for the order's payment. */
async function stripeRefunds({ stripeSessionId }: Bought) {
  const events = await signedEvents(stripeSessionId, 'refund.created');
  return events.map((e) => JSON.parse(e.payload).data.object as { id: string; amount: number });
}

async function audits(orderId: string) {
  const found = await adminDb
    .collection(auditLogCollection)
    .where('target', '==', `orders/${orderId}`)
    .where('action', '==', 'order.refundTickets')
    .get();
  return found.docs.map((doc) => doc.data());
}

describe('refunding an order', () => {
  it('in full: every ticket void, the order cancelled and refunded, the customer told', async () => {
    const order = await bought(3);
    const answer = await callOk('refundOrder', { orderId: order.orderId }, admin);
    expect(answer).toEqual({
      amount: 450,
      creditReturned: 0,
      ticketsVoided: 3,
      refundId: expect.stringMatching(/^re_test_/) as unknown,
      byHand: false,
    });
    expect(await orderOf(order.orderId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      refundedAmount: 450,
    });
    expect(await ticketStatuses(order.ticketIds)).toEqual(['void', 'void', 'void']);
    expect((await adminDb.collection(entriesPath(order.raffleId)).get()).size).toBe(0);
    expect(await stripeRefunds(order)).toEqual([
      expect.objectContaining({ id: answer.refundId, amount: 450 }),
    ]);
    const notices = await adminDb
      .collection(notificationsPath(order.buyer.uid))
      .where('title', '==', 'Order refunded')
      .get();
    expect(notices.docs.map((n) => n.get('message'))).toEqual([
      expect.stringContaining('£4.50 has been refunded to your card') as unknown,
    ]);
    // The audit entry says which administrator refunded; the order, which the customer reads,
    // names no staff account.
    expect((await audits(order.orderId)).map((entry) => entry.actorUid)).toEqual([admin.uid]);
    const refunds = Object.values((await orderOf(order.orderId)).ticketRefunds as object);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).not.toHaveProperty('by');
    // Stripe's own news of the refund changes nothing more.
    const [refunded] = await signedEvents(order.stripeSessionId, 'charge.refunded');
    expect(await postSigned(refunded!)).toBe(200);
    expect((await orderOf(order.orderId)).moneyBack).toBeUndefined();
  });

  it('says the card part is refunded by hand when no Stripe payment is on record', async () => {
    const order = await bought(2);
    // A card order from before the shop kept its Stripe link (or from a project without Stripe).
    await adminDb
      .doc(`orders/${order.orderId}`)
      .update({ paymentIntentId: null, checkoutSessionId: null });
    const answer = await callOk('refundOrder', { orderId: order.orderId }, admin);
    expect(answer).toEqual({
      amount: 300,
      creditReturned: 0,
      ticketsVoided: 2,
      refundId: null,
      byHand: true,
    });
    expect(await stripeRefunds(order)).toEqual([]);
    const notices = await adminDb
      .collection(notificationsPath(order.buyer.uid))
      .where('title', '==', 'Order refunded')
      .get();
    const { orderNumber } = (await orderOf(order.orderId)) as { orderNumber: string };
    expect(notices.docs.map((n) => n.get('message'))).toEqual([
      `2 tickets of order ${orderNumber} have been refunded and are void, so they will not be ` +
        'in the draw. We will refund £3.00 to you shortly.',
    ]);
  });

  it('says a refund that stopped after Stripe may be under way, and finishes it when asked again', async () => {
    const order = await bought(2);
    (instantWins.voidInstantWins as jest.Mock).mockRejectedValueOnce(new Error('Injected failure'));
    expect(await call('refundOrder', { orderId: order.orderId }, admin)).toMatchObject({
      ok: false,
      message: ORDER_REFUND_MESSAGES.unfinished,
    });

    const answer = await callOk('refundOrder', { orderId: order.orderId }, admin);
    expect(answer).toMatchObject({ amount: 300, ticketsVoided: 2 });
    expect(await stripeRefunds(order)).toEqual([
      expect.objectContaining({ id: answer.refundId, amount: 300 }),
    ]);
    expect(await ticketStatuses(order.ticketIds)).toEqual(['void', 'void']);
    expect(await orderOf(order.orderId)).toMatchObject({
      status: 'cancelled',
      refundedAmount: 300,
    });
  });

  it('keeps the refund under way when Stripe’s answer is lost, so its event is the shop’s own, and finishes it once when asked again', async () => {
    const order = await bought(2);
    loseNextRefundAnswer(refunds.refundPayment as jest.Mock);
    expect(await call('refundOrder', { orderId: order.orderId }, admin)).toMatchObject({
      ok: false,
      status: 'ABORTED',
      message: ORDER_REFUND_MESSAGES.unfinished,
    });
    // Stripe's charge.refunded arrives meanwhile: counted by the refund under way, not taken
    // for one made in Stripe's dashboard (before, the claim was dropped and the event settled
    // the order as refunded at Stripe).
    const [refunded] = await signedEvents(order.stripeSessionId, 'charge.refunded');
    expect(await postSigned(refunded!)).toBe(200);
    const pending = await orderOf(order.orderId);
    expect(pending).toMatchObject({ paymentStatus: 'paid', refundedAmount: 300 });
    expect(pending.moneyBack).toBeUndefined();

    const answer = await callOk('refundOrder', { orderId: order.orderId }, admin);
    expect(answer).toMatchObject({ amount: 300, ticketsVoided: 2, byHand: false });
    expect(await stripeRefunds(order)).toEqual([
      expect.objectContaining({ id: answer.refundId, amount: 300 }),
    ]);
    expect(await orderOf(order.orderId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      refundedAmount: 300,
    });
    expect(await ticketStatuses(order.ticketIds)).toEqual(['void', 'void']);
    expect(await audits(order.orderId)).toHaveLength(1);
  });

  it('pressed again after Stripe has forgotten the lost refund’s key, refunds once', async () => {
    const order = await bought(2);
    const one = { orderId: order.orderId, ticketIds: [order.ticketIds[0]!] };
    loseNextRefundAnswer(refunds.refundPayment as jest.Mock);
    expect(await call('refundOrder', one, admin)).toMatchObject({
      ok: false,
      message: ORDER_REFUND_MESSAGES.unfinished,
    });
    // Days later: Stripe keeps an idempotency key for a day.
    const { forgotten } = await forgetIdempotencyKeys(`refund-${order.orderId}`);
    expect(forgotten).toBe(1);
    const answer = await callOk('refundOrder', one, admin);
    expect(answer).toMatchObject({ amount: 150, ticketsVoided: 1, byHand: false });
    expect(await stripeRefunds(order)).toEqual([
      expect.objectContaining({ id: answer.refundId, amount: 150 }),
    ]);
    expect(await orderOf(order.orderId)).toMatchObject({
      paymentStatus: 'paid',
      refundedAmount: 150,
    });
    expect(await ticketStatuses(order.ticketIds)).toEqual(['void', 'active']);
  });

  it('keeps the tickets of a refund under way where they are until it is done', async () => {
    const order = await bought(2);
    const [first] = order.ticketIds;
    const sold = order.ticketIds.map((id) => Number(id.split('_').pop()));
    const to = [1, 2, 3].find((n) => !sold.includes(n))!;
    const move = () =>
      call(
        'updateTicket',
        { ticketId: first!, ticketNumber: to, purchaseDate: new Date().toISOString() },
        admin,
      );
    (refunds.refundPayment as jest.Mock).mockImplementationOnce(async (...args: unknown[]) => {
      // Another administrator moves a ticket while Stripe is asked. Before, the move was made,
      // the refund then missed the moved ticket (it stayed in the draw with its money back),
      // and "Refund the rest" gave its price back again as credit.
      expect(await move()).toMatchObject({
        ok: false,
        message: TICKET_ADMIN_MESSAGES.refundInProgress,
      });
      const actual = jest.requireActual<typeof refunds>(
        '../../functions/src/services/payments/refundPayment',
      );
      return actual.refundPayment(...(args as Parameters<typeof actual.refundPayment>));
    });
    expect(await callOk('refundOrder', { orderId: order.orderId }, admin)).toMatchObject({
      amount: 300,
      ticketsVoided: 2,
    });
    expect(await ticketStatuses(order.ticketIds)).toEqual(['void', 'void']);
    expect(await orderOf(order.orderId)).toMatchObject({
      status: 'cancelled',
      refundedAmount: 300,
    });
    expect(await creditOf(order.buyer.uid)).toBe(0);
    // Done, the void ticket is not moved either.
    expect(await move()).toMatchObject({ ok: false, message: TICKET_ADMIN_MESSAGES.notActive });
  });

  it('ticket by ticket, once however often asked, never the same ticket twice', async () => {
    const order = await bought(3);
    const one = { orderId: order.orderId, ticketIds: [order.ticketIds[0]!] };
    const first = await callOk('refundOrder', one, admin);
    expect(first).toMatchObject({ amount: 150, ticketsVoided: 1 });
    expect(await callOk('refundOrder', one, admin)).toEqual(first);
    expect(await orderOf(order.orderId)).toMatchObject({
      status: 'completed',
      paymentStatus: 'paid',
      refundedAmount: 150,
    });
    expect(await ticketStatuses(order.ticketIds)).toEqual(['void', 'active', 'active']);
    // The refunded ticket again, in a larger set: refused, nothing changes.
    expect(
      await call('refundOrder', { orderId: order.orderId, ticketIds: order.ticketIds }, admin),
    ).toMatchObject({ ok: false, message: ORDER_REFUND_MESSAGES.notActive });
    // The rest: the order is then fully refunded.
    await callOk('refundOrder', { orderId: order.orderId }, admin);
    expect(await orderOf(order.orderId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      refundedAmount: 450,
    });
    expect((await stripeRefunds(order)).map((r) => r.amount)).toEqual([150, 300]);
    expect(await call('refundOrder', { orderId: order.orderId }, admin)).toMatchObject({
      ok: false,
      message: ORDER_REFUND_MESSAGES.notRefundable,
    });
  });

  it('gives refunded tickets back to the customer’s limit, once however often asked', async () => {
    const raffleId = await createRaffle({ ticketPrice: 150, maxTicketsPerUser: 3 });
    const order = await bought(3, raffleId);
    const oneMore = () => call('startCheckout', { items: [line(raffleId, 1)] }, order.buyer);
    expect(await oneMore()).toMatchObject({
      ok: false,
      message: CHECKOUT_MESSAGES.perUserMax(3),
    });
    const two = { orderId: order.orderId, ticketIds: order.ticketIds.slice(0, 2) };
    await callOk('refundOrder', two, admin);
    await callOk('refundOrder', two, admin);
    const holder = await adminDb.doc(`${holdersPath(raffleId)}/${order.buyer.uid}`).get();
    expect(holder.get('owned')).toBe(1);
    // Two more fit again, not three.
    expect(await call('startCheckout', { items: [line(raffleId, 3)] }, order.buyer)).toMatchObject({
      ok: false,
      message: CHECKOUT_MESSAGES.perUserMax(3),
    });
    expect(
      await payByCard(await callOk('startCheckout', { items: [line(raffleId, 2)] }, order.buyer)),
    ).toMatchObject({ orderId: expect.any(String) as unknown });
    expect(await oneMore()).toMatchObject({ ok: false, message: CHECKOUT_MESSAGES.perUserMax(3) });
  });

  it('refunds once when two administrators refund the same tickets at the same moment', async () => {
    const [order, second] = await Promise.all([bought(2), newAdmin('Bea', 'Second')]);
    const answers = await Promise.all(
      [admin, second, admin].map((who) => call('refundOrder', { orderId: order.orderId }, who)),
    );
    const ok = answers.filter((a) => a.ok);
    expect(ok.length).toBeGreaterThan(0);
    for (const refused of answers.filter((a) => !a.ok)) {
      expect([ORDER_REFUND_MESSAGES.inProgress, ORDER_REFUND_MESSAGES.notRefundable]).toContain(
        refused.ok ? '' : refused.message,
      );
    }
    expect((await stripeRefunds(order)).map((r) => r.amount)).toEqual([300]);
    expect((await orderOf(order.orderId)).refundedAmount).toBe(300);
    expect(await audits(order.orderId)).toHaveLength(1);
  });

  it('leaves a cancellation to refund only the tickets not refunded already', async () => {
    const raffleId = await createRaffle({ ticketPrice: 150 });
    const order = await bought(3, raffleId);
    await callOk(
      'refundOrder',
      { orderId: order.orderId, ticketIds: [order.ticketIds[1]!] },
      admin,
    );
    await callOk('cancelRaffle', { raffleId }, admin);
    expect(await orderOf(order.orderId)).toMatchObject({
      refundedAmount: 450,
      status: 'cancelled',
      paymentStatus: 'refunded',
    });
    expect((await stripeRefunds(order)).map((r) => r.amount)).toEqual([150, 300]);
    const profile = await adminDb.doc(`users/${order.buyer.uid}`).get();
    expect(profile.get('accountCredit') ?? 0).toBe(0);
  });

  it('owes a card part refunded by hand once: the next raffle’s cancellation gives the credit back', async () => {
    const [first, second, buyer] = await Promise.all([
      createRaffle({ ticketPrice: 500 }),
      createRaffle({ ticketPrice: 500 }),
      newCustomer('Hana', 'Hand'),
    ]);
    await adminDb.doc(`users/${buyer.uid}`).update({ accountCredit: 500 });
    const started = await callOk(
      'startCheckout',
      { items: [line(first, 1), line(second, 1)] },
      buyer,
    );
    const { orderId } = await payByCard(started);
    expect(await orderOf(orderId)).toMatchObject({ totalAmount: 500, creditApplied: 500 });
    // No Stripe payment on record: the card's part is a person's to refund.
    await adminDb
      .doc(`orders/${orderId}`)
      .update({ paymentIntentId: null, checkoutSessionId: null });

    await callOk('cancelRaffle', { raffleId: first }, admin);
    expect(await orderOf(orderId)).toMatchObject({
      refunds: { [first]: { provider: 'manual', amount: 500, creditReturned: 0 } },
      refundedAmount: 500,
    });
    await callOk('cancelRaffle', { raffleId: second }, admin);
    const order = await orderOf(orderId);
    expect(order.refunds[second]).toMatchObject({
      provider: 'none',
      amount: 0,
      creditReturned: 500,
    });
    expect(order).toMatchObject({
      refundedAmount: 500,
      status: 'cancelled',
      paymentStatus: 'refunded',
    });
    expect(await creditOf(buyer.uid)).toBe(500);
  });

  /** A one-ticket order refunded in full in Stripe's dashboard, its webhook not yet here. */
  async function refundedInDashboard() {
    const order = await bought(1);
    const before = await orderOf(order.orderId);
    await (await stripe()).refunds.create({ payment_intent: String(before.paymentIntentId) });
    return order;
  }

  /** Refund asked for, answered as refunded at Stripe, and the order settled as its webhook would. */
  async function expectSettledAtStripe(order: Bought) {
    expect(await call('refundOrder', { orderId: order.orderId }, admin)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: ORDER_REFUND_MESSAGES.refundedAtStripe,
    });
    const after = await orderOf(order.orderId);
    expect(after.ticketRefunds).toEqual({});
    expect(after).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 150 });
    expect(await ticketStatuses(order.ticketIds)).toEqual(['void']);
    // One refund at Stripe: the dashboard's.
    expect(await stripeRefunds(order)).toHaveLength(1);
  }

  it('settles a payment Stripe had already refunded in full, as its webhook would', async () => {
    // (Its webhook not yet here, or taken for this refund while its claim counted the money.)
    await expectSettledAtStripe(await refundedInDashboard());
  });

  it('says a refund Stripe had already made did not finish when settling it fails, and settles it when asked again', async () => {
    const order = await refundedInDashboard();
    (moneyBack.settleRefundedAtStripe as jest.Mock).mockRejectedValueOnce(
      new Error('Injected failure'),
    );
    // Before, the administrator read "Something went wrong".
    expect(await call('refundOrder', { orderId: order.orderId }, admin)).toEqual({
      ok: false,
      status: 'ABORTED',
      message: ORDER_REFUND_MESSAGES.unfinished,
    });
    await expectSettledAtStripe(order);
  });

  it('keeps the whole payment counted as refunded when the dashboard refunds it all while some tickets’ refund is asked', async () => {
    const order = await bought(2);
    const before = await orderOf(order.orderId);
    (refunds.refundPayment as jest.Mock).mockImplementationOnce(async (...args) => {
      // The whole payment refunded in Stripe's dashboard as the shop asks for part of it; its
      // event is handled first (more than the claim: a refund of Stripe's), then Stripe refuses
      // the shop's part as already refunded.
      await (await stripe()).refunds.create({ payment_intent: String(before.paymentIntentId) });
      const [refunded] = await signedEvents(order.stripeSessionId, 'charge.refunded');
      expect(await postSigned(refunded!)).toBe(200);
      return jest
        .requireActual<typeof refunds>('../../functions/src/services/payments/refundPayment')
        .refundPayment(...(args as Parameters<typeof refunds.refundPayment>));
    });
    const one = { orderId: order.orderId, ticketIds: order.ticketIds.slice(0, 1) };
    expect(await call('refundOrder', one, admin)).toMatchObject({
      ok: false,
      message: ORDER_REFUND_MESSAGES.refundedAtStripe,
    });
    // Before, taking the refused claim back left £1.50 of the £3.00 Stripe refunded.
    expect(await orderOf(order.orderId)).toMatchObject({
      paymentStatus: 'refunded',
      refundedAmount: 300,
    });
    expect(await ticketStatuses(order.ticketIds)).toEqual(['void', 'void']);
  });

  it('refuses what is not a paid card order, and tickets of another order', async () => {
    const [order, other] = await Promise.all([bought(1), bought(1)]);
    const free = await createRaffle({ category: 'free', ticketPrice: 0, maxTicketsPerUser: 1 });
    const claim = await callOk('startCheckout', { items: [line(free, 1)] }, other.buyer);
    const { orderId: freeOrder } = await callOk(
      'claimFreeEntries',
      { sessionId: claim.sessionId },
      other.buyer,
    );
    expect(await call('refundOrder', { orderId: freeOrder }, admin)).toMatchObject({
      ok: false,
      message: ORDER_REFUND_MESSAGES.notRefundable,
    });
    expect(
      await call('refundOrder', { orderId: order.orderId, ticketIds: other.ticketIds }, admin),
    ).toMatchObject({ ok: false, message: ORDER_REFUND_MESSAGES.notActive });
    expect(await call('refundOrder', { orderId: 'no-such-order' }, admin)).toMatchObject({
      ok: false,
      status: 'NOT_FOUND',
    });
    expect(await call('refundOrder', { orderId: order.orderId }, order.buyer)).toMatchObject({
      ok: false,
      status: 'PERMISSION_DENIED',
    });
    expect(await ticketStatuses([...order.ticketIds, ...other.ticketIds])).toEqual([
      'active',
      'active',
    ]);
  });
});

describe('refunding while the raffle is being cancelled', () => {
  it('is refused as cancelled, not as drawn: the cancellation refunds the tickets', async () => {
    const raffleId = await createRaffle({ ticketPrice: 150, endDate: FAR_END });
    const order = await bought(2, raffleId);
    // The cancellation marks the raffle first, then closes its checkouts and refunds its orders.
    await adminDb.doc(rafflePath(raffleId)).update({ drawStatus: 'cancelled', active: false });
    expect(await call('refundOrder', { orderId: order.orderId }, admin)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: ORDER_REFUND_MESSAGES.cancelled,
    });
    expect(await ticketStatuses(order.ticketIds)).toEqual(['active', 'active']);
    expect(await stripeRefunds(order)).toEqual([]);
  });
});

describe('refunding after the draw', () => {
  it('is refused: the published entries, the winner among them, stay as drawn', async () => {
    const raffleId = await createRaffle({ ticketPrice: 150, endDate: FAR_END });
    const order = await bought(2, raffleId);
    const record = await drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END);
    expect(record).toMatchObject({ status: 'drawn' });
    for (const input of [
      { orderId: order.orderId },
      { orderId: order.orderId, ticketIds: order.ticketIds.slice(0, 1) },
    ]) {
      expect(await call('refundOrder', input, admin)).toEqual({
        ok: false,
        status: 'FAILED_PRECONDITION',
        message: ORDER_REFUND_MESSAGES.drawn,
      });
    }
    expect(await ticketStatuses(order.ticketIds)).toEqual(['active', 'active']);
    expect(await orderOf(order.orderId)).toMatchObject({ paymentStatus: 'paid' });
    expect(await stripeRefunds(order)).toEqual([]);
  });
});
