/**
 * Concurrency audit (2026-11-29): races the other race suites do not run, each checking its
 * invariant after every round of a sweep (`startIn`) or once all has settled.
 *
 * - A payment's webhook delivered twice close together while an administrator refunds the
 *   order the first delivery completed, or cancels its raffle: the second delivery, still
 *   writing the tickets it read as `fulfilling`, must not bring the void tickets back into the
 *   draw (it did, before fulfilment wrote its tickets in transactions that stop once the order
 *   is complete and never overwrite a ticket).
 * - One payment told every way at once (three deliveries, the shopper leaving the page, the
 *   expiry job): fulfilled once or refunded in full, never both; pool and tickets agree.
 * - Two cancellations, administrators' refunds and deletions of the raffle's orders at once:
 *   each order's card and credit come back once.
 * - A customer lowering their monthly limit while a checkout of theirs is under way: no
 *   checkout committed after the lower limit passes it (it did, before setSpendLimit moved the
 *   checkout lock as a ban and a play break do).
 * - 40 buyers paying at once: the raffle's sold count ends equal to its tickets.
 */
import { entriesPath, holdersPath, protectionPath, shardsPath, userPath } from '@rafflewin/domain';
import { expireReservations } from '../../functions/src/services/checkout/release';
import { stripe } from '../../functions/src/services/payments/stripe';
import { startIn, sweep } from '../support/races';
import { adminDb, eventually } from '../support/admin';
import {
  call,
  callOk,
  creditOf,
  newAdmin,
  newCustomer,
  newCustomers,
  type Customer,
} from '../support/customers';
import { createRaffle, line } from '../support/raffles';
import {
  CARDS,
  payOnStripe,
  postSigned,
  settlePayment,
  signedEvents,
  stripeSessionOf,
} from '../support/stripeDouble';

jest.setTimeout(900_000);

let admin: Customer;
let buyer: Customer;

beforeAll(async () => {
  [admin, buyer] = await Promise.all([newAdmin(), newCustomer('Twice', 'Delivered')]);
});

/** The order's tickets still active, and the raffle's public entries. */
async function leftInDraw(raffleId: string, orderId: string) {
  const [active, entries] = await Promise.all([
    adminDb
      .collection('tickets')
      .where('orderId', '==', orderId)
      .where('status', '==', 'active')
      .get(),
    adminDb.collection(entriesPath(raffleId)).get(),
  ]);
  return { active: active.size, entries: entries.size };
}

describe('a payment delivered twice while an administrator takes its order’s tickets back', () => {
  /** What the administrator does as soon as the first delivery has made the order. */
  const takeBack = {
    refund: (orderId: string) => call('refundOrder', { orderId }, admin),
    cancellation: (_orderId: string, raffleId: string) => call('cancelRaffle', { raffleId }, admin),
  };

  it.each(Object.keys(takeBack) as Array<keyof typeof takeBack>)(
    'never brings the tickets back after a %s: the later delivery writes no ticket over a void one',
    async (action) => {
      const quantity = 1000;
      const broken = await sweep(
        Array.from({ length: 6 }, (_, i) => 200 + i * 150),
        async (delay, brokenIn) => {
          const raffleId = await createRaffle({
            ticketPrice: 1,
            maxTickets: quantity,
            maxTicketsPerUser: quantity,
          });
          const started = await callOk(
            'startCheckout',
            { items: [line(raffleId, quantity)] },
            buyer,
          );
          const page = stripeSessionOf(started.checkoutUrl);
          const paid = await payOnStripe(page, { number: CARDS.debit });
          if ('error' in paid) throw new Error(paid.error);
          const [event] = await signedEvents(page, 'checkout.session.completed');
          const orderId = started.sessionId;
          const t0 = Date.now();
          const times: Record<string, number> = {};
          // Stripe delivers the payment; the administrator refunds the order (or cancels the
          // raffle) as soon as it appears. Stripe delivers the same event again `delay` ms
          // after the first.
          const [first, second] = await Promise.all([
            postSigned(event!).then(async (status) => {
              times.first = Date.now() - t0;
              const done = await takeBack[action](orderId, raffleId);
              times[action] = Date.now() - t0;
              return { status, done };
            }),
            startIn(delay).then(async () => {
              const status = await postSigned(event!);
              times.second = Date.now() - t0;
              return status;
            }),
          ]);
          const order = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
          const left = await leftInDraw(raffleId, orderId);
          const what =
            `delay ${delay}: ${JSON.stringify(times)}, deliveries ${first.status}/${second}, ` +
            `${action} ${first.done.ok ? 'done' : first.done.message}, order ` +
            `${order.paymentStatus}/${order.status}, refunded £${(order.refundedAmount ?? 0) / 100}`;
          if (first.done.ok && (left.active > 0 || left.entries > 0)) {
            brokenIn(
              `${what}: yet ${left.active} tickets active and ${left.entries} entries in the draw`,
            );
          }
        },
      );
      expect(broken).toEqual([]);
    },
  );
});

/** What Stripe says was refunded of the payment behind a signed `checkout.session.completed`. */
async function refundedAtStripe(completed: { payload: string }): Promise<number> {
  const checkout = (
    JSON.parse(completed.payload) as { data: { object: { payment_intent: string } } }
  ).data.object;
  const client = await stripe();
  const intent = await client.paymentIntents.retrieve(checkout.payment_intent);
  const chargeId = typeof intent.latest_charge === 'string' ? intent.latest_charge : null;
  if (!chargeId) return 0;
  return (await client.charges.retrieve(chargeId)).amount_refunded;
}

/** The raffle's pool, tickets, entries and each holder's count, to compare with one another. */
async function raffleBooks(raffleId: string) {
  const [shards, tickets, entries, holders] = await Promise.all([
    adminDb.collection(shardsPath(raffleId)).get(),
    adminDb.collection('tickets').where('raffleId', '==', raffleId).get(),
    adminDb.collection(entriesPath(raffleId)).get(),
    adminDb.collection(holdersPath(raffleId)).get(),
  ]);
  return {
    sold: shards.docs.reduce((sum, s) => sum + (s.get('sold') as number), 0),
    tickets: tickets.size,
    active: tickets.docs.filter((t) => t.get('status') === 'active').length,
    entries: entries.size,
    owned: holders.docs.reduce((sum, h) => sum + (h.get('owned') as number), 0),
  };
}

describe('one payment told every way at once', () => {
  it('is fulfilled once or refunded in full, never both, and the pool agrees with the tickets', async () => {
    const broken = await sweep([0, 5, 15, 30, 60, 120], async (delay, brokenIn) => {
      const raffleId = await createRaffle({ maxTickets: 50, maxTicketsPerUser: 10 });
      const started = await callOk('startCheckout', { items: [line(raffleId, 3)] }, buyer);
      const page = stripeSessionOf(started.checkoutUrl);
      const paid = await payOnStripe(page, { number: CARDS.debit });
      if ('error' in paid) throw new Error(paid.error);
      const [completed] = await signedEvents(page, 'checkout.session.completed');
      // Three deliveries of the payment, the shopper leaving the page, and the expiry job
      // running as if the hold had lapsed, all at once.
      const answers = await Promise.all([
        postSigned(completed!),
        postSigned(completed!),
        startIn(delay).then(() => postSigned(completed!)),
        startIn(delay).then(() => call('cancelCheckout', { sessionId: started.sessionId }, buyer)),
        startIn(delay).then(() => expireReservations(adminDb, new Date(Date.now() + 40 * 60_000))),
      ]);
      const order = await adminDb.doc(`orders/${started.sessionId}`).get();
      const status = String(
        (await adminDb.doc(`checkoutSessions/${started.sessionId}`).get()).get('status'),
      );
      const books = await raffleBooks(raffleId);
      const refunded = await refundedAtStripe(completed!);
      const what =
        `delay ${delay}: reservation ${status}, order ${order.exists ? 'written' : 'none'}, ` +
        `refunded at Stripe ${refunded} of ${started.amount}, books ${JSON.stringify(books)}, ` +
        `answers ${JSON.stringify(answers.slice(0, 3))}`;
      const fulfilled =
        status === 'fulfilled' &&
        order.exists &&
        refunded === 0 &&
        books.tickets === 3 &&
        books.active === 3 &&
        books.entries === 3;
      const givenBack =
        status !== 'fulfilled' &&
        !order.exists &&
        refunded === started.amount &&
        books.tickets === 0;
      if (
        !(fulfilled || givenBack) ||
        books.sold !== books.tickets ||
        books.owned !== books.tickets
      ) {
        brokenIn(what);
      }
    });
    expect(broken).toEqual([]);
  });
});

describe('two cancellations of a raffle, refunds and a deletion of its orders at once', () => {
  it('give every order’s money back once: to the card what it paid, as credit what credit paid', async () => {
    const broken = await sweep([0, 10, 40, 100], async (delay, brokenIn) => {
      const raffleId = await createRaffle({ maxTickets: 100, maxTicketsPerUser: 10 });
      const [byCard, byCredit, byBoth] = await Promise.all([
        newCustomer('Card'),
        newCustomer('Credit'),
        newCustomer('Both'),
      ]);
      await Promise.all([
        adminDb.doc(userPath(byCredit.uid)).update({ accountCredit: 1000 }),
        adminDb.doc(userPath(byBoth.uid)).update({ accountCredit: 200 }),
      ]);
      const cardOrder = await callOk('startCheckout', { items: [line(raffleId, 2)] }, byCard);
      const creditOrder = await callOk('startCheckout', { items: [line(raffleId, 3)] }, byCredit);
      const bothOrder = await callOk('startCheckout', { items: [line(raffleId, 4)] }, byBoth);
      const cardPage = stripeSessionOf(cardOrder.checkoutUrl);
      const bothPage = stripeSessionOf(bothOrder.checkoutUrl);
      await Promise.all([
        payOnStripe(cardPage, { number: CARDS.debit }),
        payOnStripe(bothPage, { number: CARDS.debit }),
      ]);
      await Promise.all([
        settlePayment(cardPage, cardOrder.sessionId),
        settlePayment(bothPage, bothOrder.sessionId),
        callOk('claimFreeEntries', { sessionId: creditOrder.sessionId }, byCredit),
      ]);
      const [cardPaid] = await signedEvents(cardPage, 'checkout.session.completed');
      const [bothPaid] = await signedEvents(bothPage, 'checkout.session.completed');

      const answers = await Promise.all([
        call('cancelRaffle', { raffleId }, admin),
        startIn(delay).then(() => call('cancelRaffle', { raffleId }, admin)),
        startIn(delay / 2).then(() => call('refundOrder', { orderId: cardOrder.sessionId }, admin)),
        call('refundOrder', { orderId: bothOrder.sessionId }, admin),
        startIn(delay).then(() => call('deleteOrder', { orderId: creditOrder.sessionId }, admin)),
        call('deleteOrder', { orderId: creditOrder.sessionId }, admin),
      ]);
      // A run refused while another refund was under way is run again, as the console would.
      await call('cancelRaffle', { raffleId }, admin);
      const outcome = {
        cardRefunded: await refundedAtStripe(cardPaid!),
        bothRefunded: await refundedAtStripe(bothPaid!),
        creditCredit: await creditOf(byCredit.uid),
        bothCredit: await creditOf(byBoth.uid),
        books: await raffleBooks(raffleId),
      };
      const expected = {
        cardRefunded: 300,
        bothRefunded: 400,
        creditCredit: 1000,
        bothCredit: 200,
      };
      const { books, ...money } = outcome;
      if (JSON.stringify(money) !== JSON.stringify(expected) || books.active || books.entries) {
        brokenIn(
          `delay ${delay}: ${JSON.stringify(outcome)}; answers ${JSON.stringify(
            answers.map((a) => (a.ok ? 'ok' : a.message)),
          )}`,
        );
      }
    });
    expect(broken).toEqual([]);
  });
});

describe('a customer lowering their monthly limit while a checkout of theirs is under way', () => {
  it('never lets a checkout committed after the lower limit pass it', async () => {
    const raffleId = await createRaffle({ maxTickets: 1000, maxTicketsPerUser: 10 });
    const offsets = Array.from({ length: 31 }, (_, i) => i * 10);
    const customers = await newCustomers(offsets.length, 'Lowering');
    let round = 0;
    const broken = await sweep(offsets, async (delay, brokenIn) => {
      const customer = customers[round++]!;
      // No limit yet (chosen: none); £15 of tickets, while the customer sets £10.
      const [started, lowered] = await Promise.all([
        call('startCheckout', { items: [line(raffleId, 10)] }, customer),
        startIn(delay).then(() => call('setSpendLimit', { monthlyLimit: 1000 }, customer)),
      ]);
      if (!started.ok || !lowered.ok) return;
      const [session, protection] = await Promise.all([
        adminDb.doc(`checkoutSessions/${started.result.sessionId}`).get(),
        adminDb.doc(protectionPath(customer.uid)).get(),
      ]);
      if (session.createTime!.toMillis() > protection.updateTime!.toMillis()) {
        brokenIn(
          `delay ${delay}: £${started.result.amount / 100} reserved ` +
            `${session.createTime!.toMillis() - protection.updateTime!.toMillis()} ms after ` +
            `the £10 limit was saved`,
        );
      }
    });
    expect(broken).toEqual([]);
  });
});

describe('a raffle’s sold count while 40 buyers pay at once', () => {
  it('ends equal to the tickets that exist, with nothing left reserved', async () => {
    const raffleId = await createRaffle({ maxTickets: 500, maxTicketsPerUser: 10 });
    const buyers = await newCustomers(40, 'Counted');
    const started = await Promise.all(
      buyers.map((one, i) => call('startCheckout', { items: [line(raffleId, 1 + (i % 3))] }, one)),
    );
    await Promise.all(
      started.map(async (answer) => {
        if (!answer.ok) return;
        const page = stripeSessionOf(answer.result.checkoutUrl);
        await payOnStripe(page, { number: CARDS.debit });
        await settlePayment(page, answer.result.sessionId);
      }),
    );
    let last = {};
    const counts = async () => {
      const [raffle, books] = await Promise.all([
        adminDb.doc(`raffles/${raffleId}`).get(),
        raffleBooks(raffleId),
      ]);
      last = {
        soldTickets: raffle.get('soldTickets'),
        reservedTickets: raffle.get('reservedTickets'),
        ...books,
      };
      return raffle.get('soldTickets') === books.tickets && raffle.get('reservedTickets') === 0
        ? last
        : null;
    };
    await eventually(counts, { what: 'the counts', timeoutMs: 60_000 }).catch(() => null);
    const refused = started.filter((answer) => !answer.ok).length;
    expect({ ...last, refused }).toMatchObject({
      soldTickets: (last as { tickets?: number }).tickets,
      sold: (last as { tickets?: number }).tickets,
      reservedTickets: 0,
      refused: 0,
    });
  });
});
