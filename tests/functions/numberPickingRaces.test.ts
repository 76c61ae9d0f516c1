/**
 * Picked numbers at their seams: lines merged, overlapping picks raced, bonus tickets
 * lucky-dipped beside picks.
 */
import { PICK_MESSAGES } from '@rafflewin/domain';
import { adminDb } from '../support/admin';
import { call, callOk, newAdmin, newCustomer, newCustomers } from '../support/customers';
import { promoCodeInput } from '../support/promoCodes';
import { createRaffle, line } from '../support/raffles';
import { CARDS, payByCard } from '../support/stripeDouble';

jest.setTimeout(120_000);

const heldBy = async (raffleId: string) => {
  const shards = await adminDb.collection(`raffles/${raffleId}/shards`).get();
  const all: number[] = [];
  for (const shard of shards.docs) {
    const holds = (shard.get('holds') ?? {}) as Record<string, { numbers?: number[] }>;
    for (const hold of Object.values(holds)) all.push(...(hold.numbers ?? []));
  }
  return all;
};

describe('picks across a cart', () => {
  it('refuses one number picked on two lines of the same raffle, holding nothing', async () => {
    const [raffleId, buyer] = await Promise.all([
      createRaffle({ numberPicking: true, maxTickets: 50 }),
      newCustomer(),
    ]);
    const answer = await call(
      'startCheckout',
      {
        items: [
          { ...line(raffleId, 1), numbers: [5] },
          { ...line(raffleId, 1), numbers: [5] },
        ],
      },
      buyer,
    );
    expect(answer).toMatchObject({ ok: false, message: PICK_MESSAGES.repeated });
    expect(await heldBy(raffleId)).toEqual([]);
  });

  it('gives overlapping picks raced by eight shoppers each number once', async () => {
    const [raffleId, buyers] = await Promise.all([
      createRaffle({ numberPicking: true, maxTickets: 100 }),
      newCustomers(8, 'Picker'),
    ]);
    // Shopper i picks i*10+1 and (i+1)*10+1: each number wanted by two shoppers, across shards.
    const answers = await Promise.all(
      buyers.map((buyer, i) =>
        call(
          'startCheckout',
          { items: [{ ...line(raffleId, 2), numbers: [i * 10 + 1, ((i + 1) % 8) * 10 + 1] }] },
          buyer,
        ),
      ),
    );
    const held = await heldBy(raffleId);
    expect(new Set(held).size).toBe(held.length);
    expect(held.length).toBe(answers.filter((answer) => answer.ok).length * 2);
  });
});

describe('bonus tickets beside picks', () => {
  it('lucky-dips the bonus tickets, keeps the picks, and issues them all', async () => {
    const admin = await newAdmin();
    const [raffleId, buyer] = await Promise.all([
      createRaffle({ numberPicking: true, maxTickets: 30, ticketPrice: 200 }),
      newCustomer(),
    ]);
    const input = promoCodeInput({ kind: 'bonusTickets', value: 2 });
    const { code } = input;
    await callOk('savePromoCode', input, admin);
    const started = await callOk(
      'startCheckout',
      { items: [{ ...line(raffleId, 2), numbers: [4, 9] }], promoCode: code },
      buyer,
    );
    expect(started.amount).toBe(400);
    const paid = await payByCard(started, CARDS.debit);
    const numbers = paid.ticketNumbers[raffleId]!;
    expect(numbers).toHaveLength(4);
    expect(numbers).toEqual(expect.arrayContaining([4, 9]));
    expect(new Set(numbers).size).toBe(4);
  });
});
