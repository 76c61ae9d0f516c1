/**
 * Where a refund, a late payment or an administrator's deletion meets a draw, a limit or an
 * instant prize: each case is what a hostile or unlucky sequence of real events would do.
 * A webhook is made to land at a chosen moment by wrapping the service the other path calls
 * at that moment (the draw's reveal read, the cancellation's Stripe refund).
 */
import {
  CHECKOUT_MESSAGES,
  DRAW_MESSAGES,
  ORDER_ADMIN_MESSAGES,
  PROTECTION_MESSAGES,
  TICKET_ADMIN_MESSAGES,
  computeDraw,
  drawEntryChunkId,
  drawEntryListPath,
  instantWinId,
  notificationsPath,
  rafflePath,
  ticketId,
  userPath,
  type DrawRecordData,
  type FulfilmentOutput,
  type InstantPrize,
} from '@rafflewin/domain';
import { fulfilReservation } from '../../functions/src/services/checkout/fulfil';
import { readDrawSeed } from '../../functions/src/services/draws/commitment';
import { drawRaffle } from '../../functions/src/services/draws/draw';
import * as instantWins from '../../functions/src/services/instantWins/instantWins';
import * as refunds from '../../functions/src/services/payments/refundPayment';
import * as release from '../../functions/src/services/checkout/release';
import * as sessions from '../../functions/src/services/checkout/sessions';
import { adminAuth, adminDb } from '../support/admin';
import { call, callOk, newCustomer, type Customer } from '../support/customers';
import {
  activeTickets,
  lapseHolds,
  createRaffle,
  line,
  adminWithPostalAddress,
  AFTER_FAR_END,
  FAR_END,
} from '../support/raffles';
import {
  CARDS,
  loseNextRefundAnswer,
  payByCard,
  payOnStripe,
  postSigned,
  settlePayment,
  signedEvents,
  stripeSessionOf,
} from '../support/stripeDouble';

jest.mock('../../functions/src/services/instantWins/instantWins', () => {
  const actual = jest.requireActual('../../functions/src/services/instantWins/instantWins');
  return { ...actual, readInstantWinReveal: jest.fn(actual.readInstantWinReveal) };
});
jest.mock('../../functions/src/services/checkout/sessions', () => {
  const actual = jest.requireActual('../../functions/src/services/checkout/sessions');
  return { ...actual, sessionRef: jest.fn(actual.sessionRef) };
});
jest.mock('../../functions/src/services/checkout/release', () => {
  const actual = jest.requireActual('../../functions/src/services/checkout/release');
  return { ...actual, releaseReservation: jest.fn(actual.releaseReservation) };
});
jest.mock('../../functions/src/services/payments/refundPayment', () => {
  const actual = jest.requireActual('../../functions/src/services/payments/refundPayment');
  return { ...actual, refundPayment: jest.fn(actual.refundPayment) };
});

jest.setTimeout(180_000);

const VOUCHER: InstantPrize = { ticketNumber: 1, name: '£50 voucher', cashAlternative: 4500 };

let admin: Customer;

beforeAll(async () => {
  admin = await adminWithPostalAddress();
});

/** A live raffle of one ticket, number 1, which carries VOUCHER: its one buyer wins it. */
async function raffleWithVoucher(): Promise<string> {
  const raffleId = await createRaffle({ maxTickets: 1, active: false });
  await callOk('saveInstantPrizes', { raffleId, prizes: [VOUCHER] }, admin);
  await adminDb.doc(rafflePath(raffleId)).update({ active: true });
  return raffleId;
}

/** The numbers a draw froze, as its published list gives them. */
async function frozenNumbers(record: DrawRecordData): Promise<number[]> {
  const chunks = await Promise.all(
    Array.from({ length: record.entryListChunks }, (_, index) =>
      adminDb
        .collection(drawEntryListPath(record.raffleId))
        .doc(drawEntryChunkId(record.entriesHash, index))
        .get(),
    ),
  );
  return chunks.flatMap((chunk) => chunk.get('numbers') as number[]);
}

/**
 * One order for each buyer, a ticket each, and the order whose ticket the draw would not pick
 * from them (computed from the raffle's seed as the draw computes it).
 */
async function ordersAndALoser(raffleId: string, buyers: Customer[]) {
  const orders: FulfilmentOutput[] = [];
  for (const buyer of buyers) {
    orders.push(
      await payByCard(await callOk('startCheckout', { items: [line(raffleId, 1)] }, buyer)),
    );
  }
  const numberOf = (order: FulfilmentOutput) => order.ticketNumbers[raffleId]![0]!;
  const { seed } = await readDrawSeed(adminDb, raffleId);
  const outcome = await computeDraw(raffleId, seed, orders.map(numberOf));
  const loser = orders.find((order) => numberOf(order) !== outcome.winningTicketNumber)!;
  return { loser, loserNumber: numberOf(loser) };
}

/** Runs `change` after the draw has read its entries, before it records the result. */
function whileTheDrawReadsEntries(change: () => Promise<void>) {
  const actual = jest.requireActual<typeof instantWins>(
    '../../functions/src/services/instantWins/instantWins',
  );
  (instantWins.readInstantWinReveal as jest.Mock).mockImplementationOnce(async (db, raffle) => {
    await change();
    return actual.readInstantWinReveal(db, raffle);
  });
}

describe('the draw', () => {
  it('draws a raffle with a refunded ticket, leaving the void ticket out', async () => {
    const [alice, bob] = await Promise.all([newCustomer('Alice'), newCustomer('Bob')]);
    const raffleId = await createRaffle({ endDate: FAR_END, maxTickets: 50 });
    await payByCard(await callOk('startCheckout', { items: [line(raffleId, 2)] }, alice));
    const bobs = await payByCard(
      await callOk('startCheckout', { items: [line(raffleId, 1)] }, bob),
    );
    await callOk('refundOrder', { orderId: bobs.orderId }, admin);

    const record = await drawRaffle(adminDb, adminAuth, raffleId, 'admin', AFTER_FAR_END);
    expect(record).toMatchObject({ status: 'drawn', eligibleCount: 2 });
  });

  it('draws a raffle whose refunded ticket an administrator then deleted', async () => {
    const [alice, bob] = await Promise.all([newCustomer('Alice'), newCustomer('Bob')]);
    const raffleId = await createRaffle({ endDate: FAR_END, maxTickets: 50 });
    await payByCard(await callOk('startCheckout', { items: [line(raffleId, 1)] }, alice));
    const bobs = await payByCard(
      await callOk('startCheckout', { items: [line(raffleId, 1)] }, bob),
    );
    await callOk('refundOrder', { orderId: bobs.orderId }, admin);
    const [voidTicket] = (
      await adminDb.collection('tickets').where('orderId', '==', bobs.orderId).get()
    ).docs;
    await callOk('deleteTicket', { ticketId: voidTicket!.id }, admin);

    const record = await drawRaffle(adminDb, adminAuth, raffleId, 'admin', AFTER_FAR_END);
    expect(record).toMatchObject({ status: 'drawn', eligibleCount: 1 });
  });

  it('waits for a paid checkout whose fulfilment stopped part-way, and draws it in once done', async () => {
    const buyer = await newCustomer('Paid');
    const raffleId = await createRaffle({ endDate: FAR_END, maxTickets: 50 });
    const started = await callOk('startCheckout', { items: [line(raffleId, 3)] }, buyer);
    const payment = { method: 'Card' as const, cardFunding: 'debit' as const };
    await expect(
      fulfilReservation(adminDb, started.sessionId, payment, { failAfterTickets: 1 }),
    ).rejects.toThrow('Injected failure');

    await expect(
      drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END),
    ).rejects.toMatchObject({ code: 'unavailable', message: DRAW_MESSAGES.notReady });
    // Stripe's retry completes it; the next run draws all three tickets.
    await fulfilReservation(adminDb, started.sessionId, payment);
    const record = await drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END);
    expect(record.eligibleCount).toBe(3);
  });

  it('waits for a payment that lands while it reads the entries, then draws it in', async () => {
    const [alice, bob] = await Promise.all([newCustomer('Alice'), newCustomer('Bob')]);
    const raffleId = await createRaffle({ endDate: FAR_END, maxTickets: 50 });
    await payByCard(await callOk('startCheckout', { items: [line(raffleId, 1)] }, alice));
    // Bob paid on Stripe's page at the last moment; the webhook is slow.
    const bobStarted = await callOk('startCheckout', { items: [line(raffleId, 1)] }, bob);
    const bobsPage = stripeSessionOf(bobStarted.checkoutUrl);
    await payOnStripe(bobsPage, { number: CARDS.debit });
    const actual = jest.requireActual<typeof instantWins>(
      '../../functions/src/services/instantWins/instantWins',
    );
    (instantWins.readInstantWinReveal as jest.Mock).mockImplementationOnce(async (db, raffle) => {
      // Bob's webhook lands after the draw froze its entries, before it records the result.
      await settlePayment(bobsPage, bobStarted.sessionId);
      return actual.readInstantWinReveal(db, raffle);
    });

    await expect(
      drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END),
    ).rejects.toMatchObject({ code: 'unavailable', message: DRAW_MESSAGES.notReady });
    // The entry list that run froze stays unpublished (the rules show only the record's).
    expect((await adminDb.doc(`draws/${raffleId}`).get()).exists).toBe(false);
    expect((await adminDb.doc(`orders/${bobStarted.sessionId}`).get()).get('paymentStatus')).toBe(
      'paid',
    );
    // The next run (the schedule's, a minute later) draws both paid tickets.
    const record = await drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END);
    expect(record.eligibleCount).toBe(2);
    expect((await activeTickets(raffleId)).size).toBe(2);
    // With the draw recorded, the earlier run's list is gone: only the record's is there.
    const lists = await adminDb.collection(drawEntryListPath(raffleId)).get();
    expect(lists.docs.map((chunk) => chunk.id)).toEqual([drawEntryChunkId(record.entriesHash, 0)]);
  });
  it('waits for a losing ticket refunded while it reads the entries, then leaves it out', async () => {
    const buyers = await Promise.all(['Ann', 'Ben', 'Cy'].map((name) => newCustomer(name)));
    const raffleId = await createRaffle({ endDate: FAR_END, maxTickets: 50 });
    const { loser, loserNumber } = await ordersAndALoser(raffleId, buyers);
    whileTheDrawReadsEntries(async () => {
      await callOk('refundOrder', { orderId: loser.orderId }, admin);
    });

    await expect(
      drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END),
    ).rejects.toMatchObject({ code: 'unavailable', message: DRAW_MESSAGES.notReady });
    const record = await drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END);
    expect(record.eligibleCount).toBe(2);
    expect(await frozenNumbers(record)).not.toContain(loserNumber);
  });

  it('waits for a losing ticket moved to another number while it reads the entries', async () => {
    const buyers = await Promise.all(['Dot', 'Eve'].map((name) => newCustomer(name)));
    const raffleId = await createRaffle({ endDate: FAR_END, maxTickets: 50 });
    const { loserNumber } = await ordersAndALoser(raffleId, buyers);
    const taken = (await activeTickets(raffleId)).docs.map((doc) => doc.get('ticketNumber'));
    const free = Array.from({ length: 50 }, (_, i) => i + 1).find((n) => !taken.includes(n))!;
    whileTheDrawReadsEntries(async () => {
      await callOk(
        'updateTicket',
        {
          ticketId: ticketId(raffleId, loserNumber),
          ticketNumber: free,
          purchaseDate: new Date().toISOString(),
        },
        admin,
      );
    });

    await expect(
      drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END),
    ).rejects.toMatchObject({ code: 'unavailable', message: DRAW_MESSAGES.notReady });
    const record = await drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END);
    const frozen = await frozenNumbers(record);
    expect(frozen).toContain(free);
    expect(frozen).not.toContain(loserNumber);
  });

  it('closes the pool with its record: a payment landing after it issues nothing and is refunded', async () => {
    const [alice, bob] = await Promise.all([newCustomer('Alice'), newCustomer('Bob')]);
    const raffleId = await createRaffle({ endDate: FAR_END, maxTickets: 50 });
    await payByCard(await callOk('startCheckout', { items: [line(raffleId, 1)] }, alice));
    const bobStarted = await callOk('startCheckout', { items: [line(raffleId, 1)] }, bob);
    const bobsPage = stripeSessionOf(bobStarted.checkoutUrl);
    await payOnStripe(bobsPage, { number: CARDS.debit });
    // Drawn as if after the close, when Bob's hold has lapsed: his payment is still on its way.
    await drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END);
    // As if the webhook had read the raffle before the draw recorded it (the check outside the
    // transaction): only the closed pool stands between the payment and a ticket.
    await adminDb.doc(rafflePath(raffleId)).update({ drawStatus: 'pending' });

    await settlePayment(bobsPage, bobStarted.sessionId);
    expect((await activeTickets(raffleId, bob.uid)).size).toBe(0);
    const notice = await adminDb
      .doc(`${notificationsPath(bob.uid)}/raffle-closed-${bobStarted.sessionId}`)
      .get();
    expect(notice.exists).toBe(true);
  });

  it('keeps a paid ticket in the draw when another delivery of its payment finds the raffle drawn', async () => {
    const buyer = await newCustomer('Twice');
    const raffleId = await createRaffle({ endDate: FAR_END, maxTickets: 50 });
    const started = await callOk('startCheckout', { items: [line(raffleId, 1)] }, buyer);
    const page = stripeSessionOf(started.checkoutUrl);
    await payOnStripe(page, { number: CARDS.debit });
    const [event] = await signedEvents(page, 'checkout.session.completed');
    const actual = jest.requireActual<typeof sessions>(
      '../../functions/src/services/checkout/sessions',
    );
    let armed = true;
    (sessions.sessionRef as jest.Mock).mockImplementation((db, sessionId: string) => {
      const ref = actual.sessionRef(db, sessionId);
      // Stripe's second delivery checks the raffle outside the transaction: it reads the
      // reservation (still pending), and the first delivery and the draw land before it reads
      // the raffle.
      if (!armed || !new Error().stack?.includes('issueRules')) return ref;
      armed = false;
      const read = ref.get.bind(ref);
      return Object.assign(ref, {
        get: async () => {
          const pending = await read();
          expect(await postSigned(event!)).toBe(200);
          await drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END);
          return pending;
        },
      });
    });

    try {
      expect(await postSigned(event!)).toBe(200);
    } finally {
      (sessions.sessionRef as jest.Mock).mockImplementation(actual.sessionRef);
    }
    expect(armed).toBe(false);
    const [ticket] = (await activeTickets(raffleId, buyer.uid)).docs;
    const record = (await adminDb.doc(`draws/${raffleId}`).get()).data();
    expect(record).toMatchObject({
      status: 'drawn',
      winningTicketNumber: ticket?.get('ticketNumber'),
    });
    expect((await adminDb.doc(`orders/${started.sessionId}`).get()).get('paymentStatus')).toBe(
      'paid',
    );
    // No refund at Stripe, and no notice of one.
    expect(await signedEvents(page, 'charge.refunded')).toEqual([]);
    const notice = await adminDb
      .doc(`${notificationsPath(buyer.uid)}/raffle-closed-${started.sessionId}`)
      .get();
    expect(notice.exists).toBe(false);
  });
});

describe('instant prizes', () => {
  it('refuses to delete an order holding a won prize’s number, so it cannot be won twice', async () => {
    const raffleId = await raffleWithVoucher();
    const [first, second] = await Promise.all([newCustomer('First'), newCustomer('Second')]);
    // Paid with account credit only: a £0 order, which deleteOrder would otherwise accept.
    await adminDb.doc(userPath(first.uid)).update({ accountCredit: 1000 });
    const started = await callOk('startCheckout', { items: [line(raffleId, 1)] }, first);
    expect(started.amount).toBe(0);
    const order = await callOk('claimFreeEntries', { sessionId: started.sessionId }, first);
    await callOk(
      'chooseInstantWinPayout',
      { winId: instantWinId(raffleId, 1), payout: 'credit' },
      first,
    );

    expect(await call('deleteOrder', { orderId: order.orderId }, admin)).toMatchObject({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: ORDER_ADMIN_MESSAGES.onInstantPrize(1),
    });
    expect((await activeTickets(raffleId, first.uid)).size).toBe(1);
    const again = await call('startCheckout', { items: [line(raffleId, 1)] }, second);
    expect(again.ok).toBe(false);
    const win = await adminDb.doc(`instantWins/${instantWinId(raffleId, 1)}`).get();
    expect(win.get('userId')).toBe(first.uid);
  });

  it('keeps the wins a cancellation leaves standing when Stripe reports its refund early', async () => {
    const [raffleId] = await Promise.all([raffleWithVoucher(), createRaffle(), createRaffle()]);
    const winner = await newCustomer('Winner');
    const started = await callOk('startCheckout', { items: [line(raffleId, 1)] }, winner);
    const paid = await payByCard(started, CARDS.debit);
    const winId = instantWinId(raffleId, 1);
    await callOk('chooseInstantWinPayout', { winId, payout: 'credit' }, winner);
    const actual = jest.requireActual<typeof refunds>(
      '../../functions/src/services/payments/refundPayment',
    );
    (refunds.refundPayment as jest.Mock).mockImplementationOnce(
      async (...args: Parameters<typeof refunds.refundPayment>) => {
        const outcome = await actual.refundPayment(...args);
        // Stripe's charge.refunded for the refund just made, before the shop records it.
        const session = await adminDb.doc(`checkoutSessions/${started.sessionId}`).get();
        for (const event of await signedEvents(session.get('stripeSessionId'), 'charge.refunded')) {
          await postSigned(event);
        }
        return outcome;
      },
    );

    await callOk('cancelRaffle', { raffleId }, admin);

    const order = (await adminDb.doc(`orders/${paid.orderId}`).get()).data()!;
    expect(order).toMatchObject({ status: 'cancelled', refundedAmount: 150, refundClaims: {} });
    expect(order.moneyBack ?? null).toBeNull();
    expect((await adminDb.doc(`instantWins/${winId}`).get()).get('voidedAt')).toBeNull();
    expect((await adminDb.doc(userPath(winner.uid)).get()).get('accountCredit')).toBe(4500);
  });
});

/** Stripe's refusal of a refund (a 4xx answer): no refund was made. */
const stripeRefusal = () =>
  Object.assign(new Error('Stripe refused the refund'), { statusCode: 400 });

/**
 * The cancellation run again refunds the order's £3.00 to the card, recorded once, and answers
 * no order failed; the order as it is then.
 */
async function refundsAllOnRerun(raffleId: string, orderId: string) {
  expect(await callOk('cancelRaffle', { raffleId }, admin)).toMatchObject({
    refundedOrders: 1,
    refundedAmount: 300,
    creditReturned: 0,
    failedOrders: [],
  });
  const order = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
  expect(order).toMatchObject({ refundedAmount: 300, refundClaims: {}, paymentStatus: 'refunded' });
  expect(order.refunds[raffleId]).toMatchObject({ provider: 'stripe', amount: 300 });
  return order;
}

describe('a cancellation’s card refunds', () => {
  it('takes its claim back when Stripe refuses, and refunds the card in full when run again', async () => {
    const raffleId = await createRaffle();
    const buyer = await newCustomer('Buyer');
    const paid = await payByCard(
      await callOk('startCheckout', { items: [line(raffleId, 2)] }, buyer),
    );
    (refunds.refundPayment as jest.Mock).mockRejectedValueOnce(stripeRefusal());

    expect(await callOk('cancelRaffle', { raffleId }, admin)).toMatchObject({
      failedOrders: [paid.orderId],
    });
    const refused = (await adminDb.doc(`orders/${paid.orderId}`).get()).data()!;
    expect({ refundedAmount: refused.refundedAmount, refundClaims: refused.refundClaims }).toEqual({
      refundedAmount: 0,
      refundClaims: {},
    });
    // Its tickets are void now, but the next run finds the order through them: none may go
    // until the refund is recorded.
    const tickets = await adminDb.collection('tickets').where('orderId', '==', paid.orderId).get();
    const deleteFirst = () => call('deleteTicket', { ticketId: tickets.docs[0]!.id }, admin);
    expect(await deleteFirst()).toMatchObject({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: TICKET_ADMIN_MESSAGES.cancellationRefundOwed,
    });

    await refundsAllOnRerun(raffleId, paid.orderId);
    expect(await deleteFirst()).toMatchObject({ ok: true });
  });

  it('keeps its claim when Stripe’s answer is lost, so the refund’s event is its own, and records it once when run again', async () => {
    const raffleId = await createRaffle();
    const buyer = await newCustomer('Lost');
    const started = await callOk('startCheckout', { items: [line(raffleId, 2)] }, buyer);
    const paid = await payByCard(started);
    loseNextRefundAnswer(refunds.refundPayment as jest.Mock);
    expect(await callOk('cancelRaffle', { raffleId }, admin)).toMatchObject({
      refundedAmount: 0,
      failedOrders: [paid.orderId],
    });
    // Stripe's charge.refunded then arrives: the refund the claim counts, not one made in
    // Stripe's dashboard. Before, the claim was taken back, and the event settled the order as
    // refunded at Stripe.
    const session = await adminDb.doc(`checkoutSessions/${started.sessionId}`).get();
    for (const event of await signedEvents(session.get('stripeSessionId'), 'charge.refunded')) {
      expect(await postSigned(event)).toBe(200);
    }
    const pending = (await adminDb.doc(`orders/${paid.orderId}`).get()).data()!;
    expect(pending).toMatchObject({ refundedAmount: 300, refundClaims: { [raffleId]: 300 } });
    expect(pending.moneyBack ?? null).toBeNull();

    // Run again: Stripe answers the same key with the refund it made, recorded once.
    const order = await refundsAllOnRerun(raffleId, paid.orderId);
    expect(order.moneyBack ?? null).toBeNull();
    // One refund at Stripe: the second run's request was answered from its idempotency key.
    const made = await signedEvents(session.get('stripeSessionId'), 'refund.created');
    expect(made.map((event) => JSON.parse(event.payload).data.object.amount)).toEqual([300]);
  });

  it('tells a refund the first run could not make when a later run makes it, once', async () => {
    const raffleId = await createRaffle();
    const buyer = await newCustomer('Twice');
    await payByCard(await callOk('startCheckout', { items: [line(raffleId, 2)] }, buyer));
    const second = await payByCard(
      await callOk('startCheckout', { items: [line(raffleId, 1)] }, buyer),
    );
    const actual = jest.requireActual<typeof refunds>(
      '../../functions/src/services/payments/refundPayment',
    );
    const refund = refunds.refundPayment as jest.Mock;
    refund.mockImplementation(async (...args: Parameters<typeof refunds.refundPayment>) => {
      if (args[1] === second.orderId) throw new Error('Stripe is unreachable');
      return actual.refundPayment(...args);
    });
    try {
      expect(await callOk('cancelRaffle', { raffleId }, admin)).toMatchObject({
        refundedAmount: 300,
        notifiedCustomers: 1,
        failedOrders: [second.orderId],
      });
    } finally {
      refund.mockImplementation(actual.refundPayment);
    }
    // Before, the second run refunded the other order and told nobody: the customer's one
    // notice, from the first run, already existed.
    expect(await callOk('cancelRaffle', { raffleId }, admin)).toMatchObject({
      refundedAmount: 150,
      notifiedCustomers: 1,
      failedOrders: [],
    });
    expect(await callOk('cancelRaffle', { raffleId }, admin)).toMatchObject({
      refundedAmount: 0,
      notifiedCustomers: 0,
    });
    const notices = await adminDb
      .collection(notificationsPath(buyer.uid))
      .where('title', '==', 'Raffle cancelled')
      .get();
    const told = Object.fromEntries(notices.docs.map((doc) => [doc.id, doc.get('message')]));
    expect(Object.keys(told).sort()).toEqual([
      `raffle-cancelled-${raffleId}`,
      `raffle-cancelled-${raffleId}-${second.orderId}`,
    ]);
    expect(told[`raffle-cancelled-${raffleId}`]).toContain('£3.00 has been refunded to your card');
    expect(told[`raffle-cancelled-${raffleId}-${second.orderId}`]).toContain(
      '£1.50 has been refunded to your card',
    );
    const mails = await adminDb.collection('mail').where('to', '==', buyer.email).get();
    const subjects = mails.docs.map((mail) => String(mail.get('subject')));
    expect(subjects.filter((subject) => subject.startsWith('Raffle cancelled'))).toHaveLength(2);
  });

  it('refunds every ticket when Stripe refuses an administrator’s refund it ran beside', async () => {
    const raffleId = await createRaffle();
    const buyer = await newCustomer('Buyer');
    const paid = await payByCard(
      await callOk('startCheckout', { items: [line(raffleId, 2)] }, buyer),
    );
    const [first] = (await activeTickets(raffleId, buyer.uid)).docs;
    let during: unknown = null;
    (refunds.refundPayment as jest.Mock).mockImplementationOnce(async () => {
      // The raffle is cancelled while Stripe is asked for the administrator's refund of one
      // ticket, which it then refuses.
      during = await callOk('cancelRaffle', { raffleId }, admin);
      throw stripeRefusal();
    });

    expect(
      await call('refundOrder', { orderId: paid.orderId, ticketIds: [first!.id] }, admin),
    ).toMatchObject({ ok: false, status: 'UNAVAILABLE' });
    // Run again, as its answer asks: both tickets come back to the card.
    expect(await callOk('cancelRaffle', { raffleId }, admin)).toMatchObject({
      refundedAmount: 300,
      failedOrders: [],
    });
    const order = (await adminDb.doc(`orders/${paid.orderId}`).get()).data()!;
    expect(order).toMatchObject({
      refundedAmount: 300,
      paymentStatus: 'refunded',
      ticketRefunds: {},
    });
    // The first run left the order for later: a refund of some of its tickets was under way.
    expect(during).toMatchObject({ failedOrders: [paid.orderId] });
  });
});

/** A customer with a £10 monthly spending limit, and two raffles of £5 tickets. */
async function limitedToTenPounds(name: string) {
  const buyer = await newCustomer(name);
  await callOk('setSpendLimit', { monthlyLimit: 1000 }, buyer);
  const [one, two] = await Promise.all([
    createRaffle({ ticketPrice: 500 }),
    createRaffle({ ticketPrice: 500 }),
  ]);
  return { buyer, one, two };
}

/**
 * A checkout of `quantity` tickets paid on Stripe at its deadline whose webhook is slow: its
 * holds lapse meanwhile (their expiry moved into the past, as 30 minutes on would leave them).
 */
async function paidAtDeadline(raffleId: string, buyer: Customer, quantity: number) {
  const checkout = await callOk('startCheckout', { items: [line(raffleId, quantity)] }, buyer);
  const page = stripeSessionOf(checkout.checkoutUrl);
  expect('redirect' in (await payOnStripe(page, { number: CARDS.debit }))).toBe(true);
  await lapseHolds(checkout.sessionId, raffleId, buyer.uid);
  return { checkout, page };
}

describe('limits and payments still being fulfilled', () => {
  it('counts a paid checkout whose fulfilment is under way against the monthly limit', async () => {
    const { buyer, one, two } = await limitedToTenPounds('Limited');
    // £10 paid; its fulfilment fails part-way (a timeout), to be finished by Stripe's retry.
    const started = await callOk('startCheckout', { items: [line(one, 2)] }, buyer);
    await expect(
      fulfilReservation(
        adminDb,
        started.sessionId,
        { method: 'Card', cardFunding: 'debit' },
        { failAfterTickets: 1 },
      ),
    ).rejects.toThrow('Injected failure');

    expect(await call('startCheckout', { items: [line(two, 2)] }, buyer)).toMatchObject({
      ok: false,
      status: 'FAILED_PRECONDITION',
    });
  });

  it('refunds a payment honoured after its hold lapsed that would pass the maximum per person', async () => {
    const buyer = await newCustomer('Late');
    const raffleId = await createRaffle({ maxTicketsPerUser: 2, maxTickets: 50 });
    // Checkout A (the maximum of 2) is paid at the deadline; its webhook is slow.
    const { checkout: a, page: pageA } = await paidAtDeadline(raffleId, buyer, 2);
    // The customer checks out again (A's page was paid, so it is left to the webhook).
    const b = await callOk('startCheckout', { items: [line(raffleId, 2)] }, buyer);

    await settlePayment(pageA, a.sessionId);
    await payByCard(b, CARDS.debit);

    expect((await activeTickets(raffleId, buyer.uid)).size).toBe(2);
    expect((await adminDb.doc(`orders/${a.sessionId}`).get()).exists).toBe(false);
    const notice = await adminDb
      .doc(`${notificationsPath(buyer.uid)}/late-payment-${a.sessionId}`)
      .get();
    expect(notice.get('message')).toBe(CHECKOUT_MESSAGES.latePaymentRefunded);
  });

  it('keeps a payment made at the deadline that another delivery honoured while this one found no room', async () => {
    const buyer = await newCustomer('Deadline');
    const other = await newCustomer('Other');
    const raffleId = await createRaffle({ maxTickets: 1 });
    const { checkout, page } = await paidAtDeadline(raffleId, buyer, 1);
    // The one number, its hold lapsed, goes to another buyer: Stripe's first delivery finds no
    // room. Before it lets the reservation go, the other buyer gives the number back and Stripe's
    // second delivery of the same payment finds it free and issues it.
    const taken = await callOk('startCheckout', { items: [line(raffleId, 1)] }, other);
    const [event] = await signedEvents(page, 'checkout.session.completed');
    const actual = jest.requireActual<typeof release>(
      '../../functions/src/services/checkout/release',
    );
    (release.releaseReservation as jest.Mock).mockImplementationOnce(async (...args) => {
      await callOk('cancelCheckout', { sessionId: taken.sessionId }, other);
      expect(await postSigned(event!)).toBe(200);
      return actual.releaseReservation(...(args as Parameters<typeof actual.releaseReservation>));
    });

    expect(await postSigned(event!)).toBe(200);
    expect(release.releaseReservation).toHaveBeenCalled();
    expect((await activeTickets(raffleId, buyer.uid)).size).toBe(1);
    expect((await adminDb.doc(`orders/${checkout.sessionId}`).get()).get('paymentStatus')).toBe(
      'paid',
    );
    // Before, the first delivery then refunded the payment whose tickets the second had issued.
    expect(await signedEvents(page, 'charge.refunded')).toEqual([]);
    const notice = await adminDb
      .doc(`${notificationsPath(buyer.uid)}/late-payment-${checkout.sessionId}`)
      .get();
    expect(notice.exists).toBe(false);
  });

  it('counts a payment made at the deadline, whose hold has lapsed, against the monthly limit', async () => {
    const { buyer, one, two } = await limitedToTenPounds('Deadline');
    // £10 paid at the deadline; the webhook is slow and the hold lapses meanwhile.
    const { checkout: a, page: pageA } = await paidAtDeadline(one, buyer, 2);

    // Another £10 in another raffle (no maximum per person in the way) would pass the limit.
    expect(await call('startCheckout', { items: [line(two, 2)] }, buyer)).toMatchObject({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: PROTECTION_MESSAGES.overLimit(1000, 0),
    });

    // The payment itself stands: its tickets were still free.
    await settlePayment(pageA, a.sessionId);
    expect((await adminDb.doc(`orders/${a.sessionId}`).get()).get('totalAmount')).toBe(1000);
  });

  it('counts what account credit paid against the monthly limit, in one checkout or split', async () => {
    const { buyer, one, two } = await limitedToTenPounds('Credit');
    await adminDb.doc(userPath(buyer.uid)).update({ accountCredit: 3000 });
    const refused = {
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: PROTECTION_MESSAGES.overLimit(1000, 0),
    };
    // £20 at once is over the £10 limit, credit or not.
    expect(
      await call('startCheckout', { items: [line(one, 2), line(two, 2)] }, buyer),
    ).toMatchObject({ ...refused, message: PROTECTION_MESSAGES.overLimit(1000, 1000) });

    // So is £10 of credit and then another £10 of credit.
    const first = await callOk('startCheckout', { items: [line(one, 2)] }, buyer);
    expect(first.amount).toBe(0);
    await callOk('claimFreeEntries', { sessionId: first.sessionId }, buyer);
    expect(await call('startCheckout', { items: [line(two, 2)] }, buyer)).toMatchObject(refused);
    expect((await adminDb.doc(userPath(buyer.uid)).get()).get('accountCredit')).toBe(2000);
  });
});
