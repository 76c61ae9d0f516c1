/**
 * Pick your numbers and lucky dip: picked numbers are held by the reservation and issued
 * exactly; two shoppers after one number at once, one gets it and the other is told which; a
 * lucky dip draws free numbers uniformly (not shard by shard); every other door that hands out
 * numbers (the rest of a line, an administrator's tickets, a ticket moved) steps over numbers
 * held by name; a 1,000,000-number pool is never read whole.
 */
import {
  CHECKOUT_MESSAGES,
  MAX_SHARD_SIZE,
  PICK_MESSAGES,
  shardsPath,
  type Shard,
} from '@rafflewin/domain';
import {
  ShardReader,
  drawFreeNumbers,
  readPoolLayout,
} from '../../functions/src/services/pool/picking';
import { raffleRef } from '../../functions/src/lib/collections';
import { readShard } from '../../functions/src/services/pool/shards';
import { adminDb } from '../support/admin';
import {
  call,
  callOk,
  newAdmin,
  newCustomer,
  newCustomers,
  type Customer,
} from '../support/customers';
import { createRaffle, line, ticketNumbersOf } from '../support/raffles';
import { payByCard } from '../support/stripeDouble';

jest.setTimeout(120_000);

let admin: Customer;

beforeAll(async () => {
  admin = await newAdmin();
});

const pickingRaffle = (maxTickets = 1000, maxTicketsPerUser = 50) =>
  createRaffle({ numberPicking: true, maxTickets, maxTicketsPerUser });

/** A line of `quantity` tickets with `numbers` picked. */
const picks = (raffleId: string, quantity: number, numbers: number[]) => ({
  ...line(raffleId, quantity),
  numbers,
});

async function shards(raffleId: string): Promise<Shard[]> {
  return (await adminDb.collection(shardsPath(raffleId)).get()).docs.map(readShard);
}

describe('picking numbers', () => {
  it('holds the picked numbers and issues exactly those', async () => {
    const [raffleId, buyer] = await Promise.all([pickingRaffle(), newCustomer()]);
    const started = await callOk(
      'startCheckout',
      { items: [picks(raffleId, 3, [999, 7, 500])] },
      buyer,
    );
    const held = (await shards(raffleId)).flatMap((shard) =>
      Object.values(shard.holds).flatMap((hold) => hold.numbers ?? []),
    );
    expect(held.sort((a, b) => a - b)).toEqual([7, 500, 999]);

    const paid = await payByCard(started);
    expect(paid.ticketNumbers[raffleId]).toEqual([7, 500, 999]);
    expect(await ticketNumbersOf(raffleId)).toEqual([7, 500, 999]);
  });

  it('lucky-dips the tickets of a line beyond its picked numbers', async () => {
    const [raffleId, buyer] = await Promise.all([pickingRaffle(50), newCustomer()]);
    const paid = await payByCard(
      await callOk('startCheckout', { items: [picks(raffleId, 5, [13, 14])] }, buyer),
    );
    const numbers = paid.ticketNumbers[raffleId]!;
    expect(numbers).toHaveLength(5);
    expect(numbers).toEqual(expect.arrayContaining([13, 14]));
    expect(new Set(numbers).size).toBe(5);
    for (const n of numbers) expect(n).toBeGreaterThanOrEqual(1);
    for (const n of numbers) expect(n).toBeLessThanOrEqual(50);
  });

  it('gives a number picked by 10 shoppers at once to exactly one; the others are told which and keep the rest', async () => {
    const raffleId = await pickingRaffle();
    const buyers = await newCustomers(10, 'Picker');
    const answers = await Promise.all(
      buyers.map((buyer, i) =>
        call('startCheckout', { items: [picks(raffleId, 2, [42, 100 + i])] }, buyer),
      ),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    for (const answer of answers.filter((a) => !a.ok)) {
      expect(answer).toMatchObject({
        ok: false,
        status: 'FAILED_PRECONDITION',
        message: PICK_MESSAGES.taken([42]),
        details: { reason: 'numbers-taken', raffleId, numbers: '42' },
      });
    }
    // Nothing of theirs was held: each loser checks out again with the number they kept.
    const losers = buyers.filter((_, i) => !answers[i]!.ok);
    const again = await Promise.all(
      losers.map((buyer) =>
        callOk(
          'startCheckout',
          { items: [picks(raffleId, 1, [100 + buyers.indexOf(buyer)])] },
          buyer,
        ),
      ),
    );
    expect(again).toHaveLength(9);
    const held = (await shards(raffleId)).flatMap((shard) =>
      Object.values(shard.holds).flatMap((hold) => hold.numbers ?? []),
    );
    expect(held.filter((n) => n === 42)).toHaveLength(1);
    expect(new Set(held).size).toBe(held.length);
  });

  it('dips round a shard that a hold naming no numbers fills, and names only picked numbers', async () => {
    // Twenty numbers in ten shards of two; numbers 1 and 2 are held by a checkout made before
    // the raffle offered picking, which named none.
    const [raffleId, buyer] = await Promise.all([pickingRaffle(20, 20), newCustomer()]);
    await callOk('luckyDip', { raffleId, quantity: 1, keep: [] }, buyer);
    const first = (await shards(raffleId)).find((shard) => shard.start === 1)!;
    await adminDb.doc(`${shardsPath(raffleId)}/${first.index}`).update({
      holds: { older: { quantity: 2, expiresAt: new Date(Date.now() + 600_000) } },
    });
    // Picking 1 is refused, naming 1 alone: before, the dipped numbers beside it were named too.
    expect(await call('startCheckout', { items: [picks(raffleId, 3, [1])] }, buyer)).toMatchObject({
      ok: false,
      message: PICK_MESSAGES.taken([1]),
    });
    // Every other number: the dip takes 3 to 20, never 1 or 2 (before, it almost always took
    // one of them and the checkout was refused as "taken").
    const paid = await payByCard(
      await callOk('startCheckout', { items: [picks(raffleId, 18, [5])] }, buyer),
    );
    expect(paid.ticketNumbers[raffleId]).toEqual(Array.from({ length: 18 }, (_, i) => i + 3));
  });

  it('refuses numbers already issued or held, and frees them when a checkout is cancelled', async () => {
    const [raffleId, first, second] = await Promise.all([
      pickingRaffle(),
      newCustomer(),
      newCustomer(),
    ]);
    await payByCard(await callOk('startCheckout', { items: [picks(raffleId, 1, [1])] }, first));
    const holding = await callOk('startCheckout', { items: [picks(raffleId, 1, [2])] }, first);

    expect(
      await call('startCheckout', { items: [picks(raffleId, 3, [1, 2, 3])] }, second),
    ).toMatchObject({ ok: false, message: PICK_MESSAGES.taken([1, 2]) });

    await callOk('cancelCheckout', { sessionId: holding.sessionId }, first);
    const paid = await payByCard(
      await callOk('startCheckout', { items: [picks(raffleId, 2, [2, 3])] }, second),
    );
    expect(paid.ticketNumbers[raffleId]).toEqual([2, 3]);
  });

  it('refuses picks that are out of range, repeated, more than the tickets, or on a raffle without picking', async () => {
    const [raffleId, plain, buyer] = await Promise.all([
      pickingRaffle(100),
      createRaffle(),
      newCustomer(),
    ]);
    expect(
      await call('startCheckout', { items: [picks(raffleId, 1, [101])] }, buyer),
    ).toMatchObject({ ok: false, message: PICK_MESSAGES.outOfRange(100) });
    expect(
      await call('startCheckout', { items: [picks(raffleId, 2, [5, 5])] }, buyer),
    ).toMatchObject({ ok: false, status: 'INVALID_ARGUMENT' });
    expect(
      await call('startCheckout', { items: [picks(raffleId, 1, [5, 6])] }, buyer),
    ).toMatchObject({ ok: false, status: 'INVALID_ARGUMENT' });
    expect(await call('startCheckout', { items: [picks(plain, 1, [5])] }, buyer)).toMatchObject({
      ok: false,
      message: PICK_MESSAGES.notOffered,
    });
    // Nothing was held by any of them.
    const held = (await shards(raffleId)).flatMap((shard) => Object.keys(shard.holds));
    expect(held).toEqual([]);
  });

  it('says how many are left when a lucky-dipped line asks for more than are free', async () => {
    const [raffleId, buyer] = await Promise.all([pickingRaffle(6, 10), newCustomer()]);
    await payByCard(await callOk('startCheckout', { items: [picks(raffleId, 2, [1, 2])] }, buyer));
    expect(await call('startCheckout', { items: [line(raffleId, 5)] }, buyer)).toMatchObject({
      ok: false,
      message: CHECKOUT_MESSAGES.onlyLeft(4),
    });
  });
});

describe('other doors step over numbers held by name', () => {
  it('an administrator’s added tickets and a moved ticket never take a held number', async () => {
    const [raffleId, picker, other] = await Promise.all([
      pickingRaffle(),
      newCustomer(),
      newCustomer(),
    ]);
    await callOk('startCheckout', { items: [picks(raffleId, 3, [1, 2, 3])] }, picker);
    const added = await callOk(
      'addTicketsForUser',
      { userId: other.uid, raffleId, quantity: 2, minNumber: null },
      admin,
    );
    expect(added.ticketNumbers[raffleId]).toEqual([4, 5]);

    const ticket = await adminDb
      .collection('tickets')
      .where('raffleId', '==', raffleId)
      .where('ticketNumber', '==', 4)
      .get();
    expect(
      await call(
        'updateTicket',
        {
          ticketId: ticket.docs[0]!.id,
          ticketNumber: 2,
          purchaseDate: new Date().toISOString(),
        },
        admin,
      ),
    ).toMatchObject({ ok: false });
  });
});

describe('lucky dip', () => {
  it('draws free numbers, never a taken, held or kept one, and draws again on a re-roll', async () => {
    const [raffleId, buyer] = await Promise.all([pickingRaffle(20), newCustomer()]);
    await payByCard(await callOk('startCheckout', { items: [picks(raffleId, 2, [1, 2])] }, buyer));
    await callOk('startCheckout', { items: [picks(raffleId, 2, [3, 4])] }, buyer);
    const seen = new Set<number>();
    for (let roll = 0; roll < 5; roll += 1) {
      const { numbers } = await callOk('luckyDip', { raffleId, quantity: 4, keep: [5, 6] }, buyer);
      expect(numbers).toHaveLength(4);
      expect(new Set(numbers).size).toBe(4);
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      for (const n of numbers) {
        expect(n).toBeGreaterThanOrEqual(7);
        expect(n).toBeLessThanOrEqual(20);
        seen.add(n);
      }
    }
    // Re-rolls draw afresh: five dips of 4 out of 14 numbers do not all agree.
    expect(seen.size).toBeGreaterThan(4);
  });

  it('is open to guests, and refuses raffles without picking and dips bigger than what is free', async () => {
    const [raffleId, plain] = await Promise.all([pickingRaffle(5), createRaffle()]);
    expect((await callOk('luckyDip', { raffleId, quantity: 2 }, undefined)).numbers).toHaveLength(
      2,
    );
    expect(await call('luckyDip', { raffleId: plain, quantity: 1 }, undefined)).toMatchObject({
      ok: false,
      message: PICK_MESSAGES.notOffered,
    });
    expect(
      await call('luckyDip', { raffleId, quantity: 4, keep: [1, 2] }, undefined),
    ).toMatchObject({
      ok: false,
      message: PICK_MESSAGES.notEnoughFree(3),
    });
  });

  it('is uniform over the free numbers, not over the shards', async () => {
    // 10 shards of 3 numbers; the first shard has one free number, the last three all three.
    const raffleId = await pickingRaffle(30, 50);
    const buyer = await newCustomer();
    await payByCard(
      await callOk(
        'startCheckout',
        { items: [picks(raffleId, 8, [1, 2, 4, 5, 7, 8, 10, 11])] },
        buyer,
      ),
    );
    const raffle = (await raffleRef(adminDb, raffleId).get()).data()!;
    const reader = new ShardReader(
      adminDb,
      raffleId,
      await readPoolLayout(adminDb, raffle),
      new Date(),
    );
    const counts = new Map<number, number>();
    const draws = 4400;
    for (let i = 0; i < draws; i += 1) {
      const [n] = await drawFreeNumbers(reader, 1, new Set());
      counts.set(n!, (counts.get(n!) ?? 0) + 1);
    }
    // 22 free numbers, each expected 200 times (a shard-first draw would give number 3 a
    // tenth of all draws, 440).
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual([
      3,
      6,
      9,
      ...Array.from({ length: 19 }, (_, i) => 12 + i),
    ]);
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(130);
      expect(count).toBeLessThan(270);
    }
  });
});

describe('a 1,000,000-number pool', () => {
  it('is laid out in shards of at most 10,000 and sells picked and dipped numbers without reading it whole', async () => {
    const [raffleId, buyer] = await Promise.all([pickingRaffle(1_000_000, 100), newCustomer()]);
    const paid = await payByCard(
      await callOk(
        'startCheckout',
        { items: [picks(raffleId, 6, [1_000_000, 1, 654_321])] },
        buyer,
      ),
    );
    const numbers = paid.ticketNumbers[raffleId]!;
    expect(numbers).toHaveLength(6);
    expect(numbers).toEqual(expect.arrayContaining([1, 654_321, 1_000_000]));
    const pool = await shards(raffleId);
    expect(pool).toHaveLength(1_000_000 / MAX_SHARD_SIZE);
    expect(Math.max(...pool.map((shard) => shard.size))).toBe(MAX_SHARD_SIZE);
    expect(pool.reduce((sum, shard) => sum + shard.sold, 0)).toBe(6);
  });
});
