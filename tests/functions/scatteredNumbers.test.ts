/**
 * Add tickets in a raffle with instant prizes picks free numbers at random (scatteredNumbers):
 * never a prize, a held or an issued number, nor more of a shard than its room, and without
 * listing a large raffle's numbers; a nearly full pool still yields its last free numbers.
 */
import { isNumberIssued, type Shard } from '@rafflewin/domain';
import { scatteredNumbers } from '../../functions/src/services/pool/scatter';

const now = new Date();
const later = new Date(now.getTime() + 60_000);

const shard = (index: number, start: number, size: number, extra: Partial<Shard> = {}): Shard => ({
  index,
  start,
  size,
  sold: 0,
  holds: {},
  taken: [],
  freed: [],
  ...extra,
});

const all = (picked: Map<number, number[]>) => [...picked.values()].flat();

describe('scatteredNumbers', () => {
  it('picks distinct free numbers at or above the minimum across a raffle of a million', () => {
    const pool = [
      shard(0, 1, 500_000, { sold: 1000 }),
      shard(1, 500_001, 500_000, { taken: [600_000], sold: 1 }),
    ].map((s) => ({ shard: s }));
    const prizes = new Set([1001, 1002, 700_000]);
    const picked = scatteredNumbers(pool, 200, 1000, prizes, now);
    const numbers = all(picked);
    expect(numbers).toHaveLength(200);
    expect(new Set(numbers).size).toBe(200);
    for (const [index, list] of picked) {
      const { shard: s } = pool[index]!;
      expect(list).toEqual([...list].sort((a, b) => a - b));
      for (const n of list) {
        expect(n).toBeGreaterThanOrEqual(1000);
        expect(n >= s.start && n < s.start + s.size).toBe(true);
        expect(isNumberIssued(s, n) || prizes.has(n)).toBe(false);
      }
    }
    // Spread over the range, not lowest first.
    expect(numbers.some((n) => n > 500_000)).toBe(true);
  });

  it('finds the last free numbers of a nearly full pool, stepping over prizes and held ones', () => {
    // 10,000 numbers, all issued but 3, 5, 9,999 and 10,000 (freed below the frontier, which
    // is past the end); 5 is a prize and 9,999 is held by name.
    const full = shard(0, 1, 10_000, {
      sold: 9_996,
      freed: [3, 5, 9_999, 10_000],
      holds: { other: { quantity: 1, expiresAt: later, numbers: [9_999] } },
    });
    const picked = scatteredNumbers([{ shard: full }], 3, 1, new Set([5]), now);
    expect(all(picked).sort((a, b) => a - b)).toEqual([3, 10_000]);
  });

  it('takes no more of a shard than the checkouts holding tickets there leave', () => {
    const busy = shard(0, 1, 100, { holds: { other: { quantity: 98, expiresAt: later } } });
    const quiet = shard(1, 101, 100);
    const picked = scatteredNumbers([{ shard: busy }, { shard: quiet }], 50, 1, new Set(), now);
    expect((picked.get(0) ?? []).length).toBeLessThanOrEqual(2);
    expect(all(picked)).toHaveLength(50);
  });
});
