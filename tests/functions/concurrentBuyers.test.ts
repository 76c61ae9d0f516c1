/**
 * Concurrent buyers: many at once against the pool, the per-person limit, account
 * credit, free entries and promo codes. Every path to tickets fires together; the invariants
 * are checked once everything has settled.
 */
import {
  drawsCollection,
  holdersPath,
  promoCodePath,
  shardsPath,
  userPath,
  type StartCheckoutOutput,
} from '@rafflewin/domain';
import { adminDb, eventually } from '../support/admin';
import {
  call,
  creditOf,
  newAdmin,
  newCustomer,
  newCustomers,
  type CallResult,
  type Customer,
} from '../support/customers';
import { newPromoCode } from '../support/promoCodes';
import { checkoutSessionsOf, createRaffle, line, postcard } from '../support/raffles';
import { CARDS, payOnStripe, settlePayment, stripeSessionOf } from '../support/stripeDouble';

jest.setTimeout(600_000);

let admin: Customer;

beforeAll(async () => {
  admin = await newAdmin();
});

/** Pays (or claims) a started checkout as its shopper would; answers how it ended. */
async function settle(started: StartCheckoutOutput, who: Customer): Promise<string> {
  if (started.amount === 0) {
    const claimed = await call('claimFreeEntries', { sessionId: started.sessionId }, who);
    return claimed.ok ? 'claimed' : `claim refused: ${claimed.message}`;
  }
  const page = stripeSessionOf(started.checkoutUrl);
  const paid = await payOnStripe(page, { number: CARDS.debit });
  if ('error' in paid) return `page refused: ${paid.error}`;
  return settlePayment(page, started.sessionId);
}

async function ticketsOf(raffleId: string) {
  const docs = await adminDb.collection('tickets').where('raffleId', '==', raffleId).get();
  return docs.docs.map((doc) => ({
    number: doc.get('ticketNumber') as number,
    userId: doc.get('userId') as string,
    status: doc.get('status') as string,
    orderId: doc.get('orderId') as string,
  }));
}

async function poolOf(raffleId: string) {
  const shards = await adminDb.collection(shardsPath(raffleId)).get();
  const now = Date.now();
  let sold = 0;
  let held = 0;
  for (const shard of shards.docs) {
    sold += shard.get('sold') as number;
    for (const hold of Object.values(
      (shard.get('holds') ?? {}) as Record<
        string,
        { quantity: number; expiresAt: { toMillis(): number } }
      >,
    )) {
      if (hold.expiresAt.toMillis() > now) held += hold.quantity;
    }
  }
  return { sold, held };
}

const duplicates = (numbers: number[]) =>
  numbers.filter((n, i) => numbers.indexOf(n) !== i).sort((a, b) => a - b);

describe('oversell', () => {
  it('30 buyers with picks and lucky dips for 12 numbers: none issued twice, every paid hold honoured', async () => {
    const raffleId = await createRaffle({
      numberPicking: true,
      maxTickets: 12,
      maxTicketsPerUser: 5,
    });
    const buyers = await newCustomers(30, 'Picker');
    const carts = buyers.map((_, i) => ({
      ...line(raffleId, 1 + (i % 2)),
      ...(i % 3 === 0 ? {} : { numbers: [1 + ((i * 7) % 12)] }),
    }));
    const answers = await Promise.all(
      buyers.map((buyer, i) => call('startCheckout', { items: [carts[i]!] }, buyer)),
    );
    const won = answers.flatMap((a, i) => (a.ok ? [{ i, started: a.result }] : []));
    expect(won.length).toBeGreaterThan(0);
    const pool = await poolOf(raffleId);
    expect(pool.sold + pool.held).toBeLessThanOrEqual(12);
    const ends = await Promise.all(won.map((w) => settle(w.started, buyers[w.i]!)));
    const tickets = await ticketsOf(raffleId);
    const numbers = tickets.map((t) => t.number);
    expect(duplicates(numbers)).toEqual([]);
    expect(numbers.length).toBeLessThanOrEqual(12);
    expect(ends.filter((end) => end !== 'fulfilled')).toEqual([]);
    // Each paid picker has their picked number.
    for (const { i, started } of won) {
      const picked = carts[i]!.numbers?.[0];
      if (picked === undefined) continue;
      const mine = tickets.filter((t) => t.orderId === started.sessionId).map((t) => t.number);
      expect(mine).toContain(picked);
    }
    expect((await poolOf(raffleId)).sold).toBe(numbers.length);
  });

  it('30 two-raffle carts racing for 8 + 8 tickets: all or nothing, neither raffle oversold', async () => {
    const [x, y] = await Promise.all([
      createRaffle({ maxTickets: 8, maxTicketsPerUser: 5 }),
      createRaffle({ maxTickets: 8, maxTicketsPerUser: 5, ticketPrice: 200 }),
    ]);
    const buyers = await newCustomers(30, 'Basket');
    const answers = await Promise.all(
      buyers.map((buyer, i) =>
        call('startCheckout', { items: [line(x, 1 + (i % 2)), line(y, 1 + ((i + 1) % 2))] }, buyer),
      ),
    );
    const won = answers.flatMap((a, i) => (a.ok ? [{ i, started: a.result }] : []));
    expect(won.length).toBeGreaterThan(0);
    const ends = await Promise.all(won.map((w) => settle(w.started, buyers[w.i]!)));
    expect(ends.filter((end) => end !== 'fulfilled')).toEqual([]);
    for (const raffleId of [x, y]) {
      const numbers = (await ticketsOf(raffleId)).map((t) => t.number);
      expect(duplicates(numbers)).toEqual([]);
      expect(numbers.length).toBeLessThanOrEqual(8);
      expect((await poolOf(raffleId)).sold).toBe(numbers.length);
    }
    // All or nothing: each fulfilled order has tickets in both raffles.
    for (const { started } of won) {
      const order = (await adminDb.doc(`orders/${started.sessionId}`).get()).data()!;
      const items = order.items as Array<{ ticketNumbers: number[]; quantity: number }>;
      expect(items).toHaveLength(2);
      for (const item of items) expect(item.ticketNumbers).toHaveLength(item.quantity);
    }
  });
});

describe('a close-on-sell-out raffle sold out by buyers paying at once', () => {
  it('is drawn once, with every ticket sold in it', async () => {
    const raffleId = await createRaffle({
      maxTickets: 10,
      maxTicketsPerUser: 2,
      closeOnSellOut: true,
    });
    const buyers = await newCustomers(10, 'SellOut');
    const started = await Promise.all(
      buyers.map((buyer) => call('startCheckout', { items: [line(raffleId, 1)] }, buyer)),
    );
    const ends = await Promise.all(
      started.map((a, i) => (a.ok ? settle(a.result, buyers[i]!) : `refused: ${a.message}`)),
    );
    expect(ends.filter((end) => end !== 'fulfilled')).toEqual([]);
    const record = await eventually(
      async () => (await adminDb.doc(`${drawsCollection}/${raffleId}`).get()).data(),
      { what: 'the sell-out draw', timeoutMs: 60_000 },
    );
    expect(record).toMatchObject({ trigger: 'sell-out', status: 'drawn', eligibleCount: 10 });
  });
});

describe('the per-person maximum with every route at once', () => {
  it('one customer: four tabs, Add Tickets, a manual entry and a postcard together stay within 5', async () => {
    const raffleId = await createRaffle({ maxTickets: 200, maxTicketsPerUser: 5 });
    const customer = await newCustomer('Greedy');
    const tabs = Array.from({ length: 4 }, () =>
      call('startCheckout', { items: [line(raffleId, 3)] }, customer),
    );
    const [added, manual, posted, ...checkouts] = await Promise.all([
      call(
        'addTicketsForUser',
        { userId: customer.uid, raffleId, quantity: 2, minNumber: null },
        admin,
      ),
      call('createManualEntry', { userId: customer.uid, raffleId, quantity: 2 }, admin),
      call('recordPostalEntry', postcard(raffleId, customer.email), admin),
      ...tabs,
    ]);
    // Every page handed out is paid, as a shopper with four tabs might.
    const ends = await Promise.all(
      (checkouts as Array<CallResult<StartCheckoutOutput>>).map((c) =>
        c.ok ? settle(c.result, customer) : Promise.resolve(`refused: ${c.message}`),
      ),
    );
    const active = (await ticketsOf(raffleId)).filter(
      (t) => t.userId === customer.uid && t.status === 'active',
    );
    const holder = (await adminDb.doc(`${holdersPath(raffleId)}/${customer.uid}`).get()).data()!;
    const context = JSON.stringify({
      added: added.ok,
      manual: manual.ok,
      posted: posted.ok ? posted.result.outcome : posted,
      ends,
    });
    expect({ active: active.length <= 5, owned: holder.owned, context }).toEqual({
      active: true,
      owned: active.length,
      context,
    });
  });

  it('a free raffle: five tabs claiming, a manual entry and a postcard at once give one entry', async () => {
    const raffleId = await createRaffle(
      { category: 'free', ticketPrice: 0, maxTicketsPerUser: 1, maxTickets: 100 },
      { question: false },
    );
    const customer = await newCustomer('Freebie');
    const claim = async () => {
      const started = await call('startCheckout', { items: [{ raffleId, quantity: 1 }] }, customer);
      return started.ok ? settle(started.result, customer) : `refused: ${started.message}`;
    };
    await Promise.all([
      ...Array.from({ length: 5 }, claim),
      call('createManualEntry', { userId: customer.uid, raffleId, quantity: 1 }, admin),
      call('recordPostalEntry', postcard(raffleId, customer.email), admin),
    ]);
    const active = (await ticketsOf(raffleId)).filter(
      (t) => t.userId === customer.uid && t.status === 'active',
    );
    expect(active.length).toBe(1);
  });
});

describe('account credit', () => {
  it('is spent once across four checkouts started together: spent + held + left = what there was', async () => {
    const raffleId = await createRaffle({ maxTickets: 200, maxTicketsPerUser: 100 });
    const customer = await newCustomer('Credit');
    await adminDb.doc(userPath(customer.uid)).update({ accountCredit: 1000 });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        call('startCheckout', { items: [line(raffleId, 4)] }, customer),
      ),
    );
    await Promise.all(answers.map((a) => (a.ok ? settle(a.result, customer) : null)));
    const sessions = await checkoutSessionsOf(customer.uid);
    const taken = sessions.docs
      .filter((s) => ['pending', 'fulfilling', 'fulfilled'].includes(s.get('status') as string))
      .reduce((sum, s) => sum + (s.get('creditApplied') as number), 0);
    const left = await creditOf(customer.uid);
    expect({ total: taken + left, leftNotNegative: left >= 0 }).toEqual({
      total: 1000,
      leftNotNegative: true,
    });
  });
});

describe('promo codes', () => {
  it('12 customers racing for a code with 3 uses, then paying: uses match the checkouts holding it', async () => {
    const raffleId = await createRaffle({ maxTickets: 500, maxTicketsPerUser: 20 });
    const code = await newPromoCode(admin, { maxUses: 3 });
    const buyers = await newCustomers(12, 'Promo');
    const answers = await Promise.all(
      buyers.map((buyer) =>
        call('startCheckout', { items: [line(raffleId, 4)], promoCode: code }, buyer),
      ),
    );
    const won = answers.flatMap((a, i) => (a.ok ? [{ i, started: a.result }] : []));
    expect(won.length).toBe(3);
    await Promise.all(won.map((w) => settle(w.started, buyers[w.i]!)));
    const uses = (await adminDb.doc(promoCodePath(code)).get()).get('uses') as number;
    const orders = await Promise.all(
      won.map(async (w) => (await adminDb.doc(`orders/${w.started.sessionId}`).get()).get('promo')),
    );
    expect({ uses, withCode: orders.filter(Boolean).length }).toEqual({ uses: 3, withCode: 3 });
    // A 13th customer is told it is used up.
    const late = await newCustomer();
    expect(
      (await call('startCheckout', { items: [line(raffleId, 4)], promoCode: code }, late)).ok,
    ).toBe(false);
  });
});
