import {
  activeHeld,
  freeNumbersFrom,
  isNumberIssued,
  lowestFreeNumbers,
  numberRuns,
  planPoolResize,
  pruneHolds,
  shardAvailable,
  shardFrontier,
  shardLayout,
  withNumbersFreed,
  withNumbersIssued,
  type Shard,
  type ShardNumbers,
} from './pool';

const now = new Date('2025-06-01T12:00:00Z');
const later = new Date(now.getTime() + 60_000);
const earlier = new Date(now.getTime() - 1);

describe('ticket pool shards', () => {
  it('covers every number exactly once, as evenly as possible', () => {
    const layout = shardLayout(25, 10);
    expect(layout.map((s) => s.size)).toEqual([3, 3, 3, 3, 3, 2, 2, 2, 2, 2]);
    expect(layout[0]).toEqual({ index: 0, start: 1, size: 3 });
    const last = layout[layout.length - 1]!;
    expect(last.start + last.size - 1).toBe(25);
  });

  it('uses fewer shards than tickets when the raffle is tiny', () => {
    expect(shardLayout(3, 10)).toHaveLength(3);
    expect(shardLayout(1, 10)).toEqual([{ index: 0, start: 1, size: 1 }]);
  });

  it('counts only unexpired holds', () => {
    const holds = { a: { quantity: 2, expiresAt: later }, b: { quantity: 5, expiresAt: earlier } };
    expect(activeHeld(holds, now)).toBe(2);
    expect(Object.keys(pruneHolds(holds, now))).toEqual(['a']);
    expect(shardAvailable({ size: 10, sold: 3, holds }, now)).toBe(5);
  });
});

describe('ticket numbers within a shard', () => {
  const fresh = { index: 0, start: 1, size: 10, sold: 0, holds: {}, taken: [], freed: [] };

  it('issues in sequence from the start when nothing was placed by hand', () => {
    const numbers = lowestFreeNumbers(fresh, 3);
    expect(numbers).toEqual([1, 2, 3]);
    const next = withNumbersIssued(fresh, numbers);
    expect(next).toMatchObject({ sold: 3, taken: [], freed: [] });
    expect(shardFrontier(next)).toBe(4);
  });

  it('steps over a number placed by an administrator, and absorbs it', () => {
    const placed = withNumbersIssued(fresh, [5]);
    expect(placed).toMatchObject({ sold: 1, taken: [5], freed: [] });
    expect(isNumberIssued(placed, 5)).toBe(true);
    expect(isNumberIssued(placed, 1)).toBe(false);
    const numbers = lowestFreeNumbers(placed, 6);
    expect(numbers).toEqual([1, 2, 3, 4, 6, 7]);
    const next = withNumbersIssued(placed, numbers);
    expect(next).toMatchObject({ sold: 7, taken: [], freed: [] });
    expect(shardFrontier(next)).toBe(8);
  });

  it('reuses freed numbers first and pulls the frontier back when the top is freed', () => {
    const sold = withNumbersIssued(fresh, [1, 2, 3, 4]);
    const holed = withNumbersFreed(sold, [2]);
    expect(holed).toMatchObject({ sold: 3, freed: [2], taken: [] });
    expect(lowestFreeNumbers(holed, 2)).toEqual([2, 5]);
    const top = withNumbersFreed(holed, [4, 3]);
    expect(top).toMatchObject({ sold: 1, freed: [], taken: [] });
    expect(shardFrontier(top)).toBe(2);
  });

  it('finds free numbers from a minimum and never hands out an issued one', () => {
    const state = withNumbersIssued(withNumbersIssued(fresh, [1, 2, 3]), [7]);
    expect(lowestFreeNumbers(state, 3, 6)).toEqual([6, 8, 9]);
    expect(lowestFreeNumbers(state, 20, 9)).toEqual([9, 10]);
    expect(() => withNumbersIssued(state, [7])).toThrow();
    expect(() => withNumbersIssued(state, [2])).toThrow();
    expect(() => withNumbersIssued(state, [11])).toThrow();
    expect(() => withNumbersIssued(state, [8, 8])).toThrow();
    expect(() => withNumbersFreed(state, [5])).toThrow();
  });

  it('keeps sold equal to the count of issued numbers through any mix of operations', () => {
    let state: ShardNumbers = { start: 11, size: 20, sold: 0, taken: [], freed: [] };
    const issued = new Set<number>();
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let step = 0; step < 400; step += 1) {
      const roll = random();
      if (roll < 0.4) {
        const numbers = lowestFreeNumbers(state, 1 + Math.floor(random() * 3), 11);
        state = withNumbersIssued(state, numbers);
        numbers.forEach((n) => issued.add(n));
      } else if (roll < 0.7) {
        const n = 11 + Math.floor(random() * 20);
        if (!issued.has(n)) {
          state = withNumbersIssued(state, [n]);
          issued.add(n);
        }
      } else if (issued.size > 0) {
        const n = [...issued][Math.floor(random() * issued.size)]!;
        state = withNumbersFreed(state, [n]);
        issued.delete(n);
      }
      expect(state.sold).toBe(issued.size);
      for (const min of [1, 15, 30, 31]) {
        const free = Array.from({ length: 20 }, (_, i) => 11 + i).filter(
          (n) => n >= min && !issued.has(n),
        );
        expect(freeNumbersFrom(state, min)).toBe(free.length);
        expect(lowestFreeNumbers(state, 3, min)).toEqual(free.slice(0, 3));
      }
      for (let n = 11; n <= 30; n += 1) expect(isNumberIssued(state, n)).toBe(issued.has(n));
    }
  });

  it('describes numbers as runs', () => {
    expect(numberRuns([7, 1, 2, 3, 9, 8])).toEqual([
      { from: 1, to: 3 },
      { from: 7, to: 9 },
    ]);
  });
});

describe('planPoolResize', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  const later = new Date('2026-01-01T13:00:00Z');
  const earlier = new Date('2026-01-01T11:00:00Z');
  const pool = () =>
    shardLayout(100, 4).map((shard) => ({
      ...shard,
      sold: 0,
      holds: {} as Shard['holds'],
      taken: [] as number[],
      freed: [] as number[],
    }));

  it('adds new shards above the highest number when the maximum grows', () => {
    const plan = planPoolResize(pool(), 110, now, 4);
    expect(plan).toEqual({
      resized: [],
      added: [
        { index: 4, start: 101, size: 3 },
        { index: 5, start: 104, size: 3 },
        { index: 6, start: 107, size: 2 },
        { index: 7, start: 109, size: 2 },
      ],
    });
  });

  it('shrinks the top shards first, never below their sold and held tickets', () => {
    const shards = pool();
    shards[3] = { ...shards[3]!, sold: 20, holds: { s1: { quantity: 2, expiresAt: later } } };
    shards[2] = { ...shards[2]!, holds: { old: { quantity: 25, expiresAt: earlier } } };
    // Shard 3 (76–100) keeps 22; shard 2 (51–75) has all 25 free (its hold expired).
    expect(planPoolResize(shards, 85, now, 4)).toEqual({
      resized: [
        { index: 3, size: 22 },
        { index: 2, size: 13 },
      ],
      added: [],
    });
  });

  it('never cuts a number an administrator placed near the top', () => {
    const shards = pool();
    shards[3] = { ...shards[3]!, sold: 1, taken: [99] };
    // Shard 3 (76–100) can lose only #100; the rest comes off shard 2 (51–75).
    expect(planPoolResize(shards, 95, now, 4)).toEqual({
      resized: [
        { index: 3, size: 24 },
        { index: 2, size: 21 },
      ],
      added: [],
    });
  });

  it('refuses to shrink below the tickets taken', () => {
    const shards = pool().map((shard) => ({ ...shard, sold: 20 }));
    expect(planPoolResize(shards, 79, now, 4)).toBeNull();
    expect(planPoolResize(shards, 80, now, 4)?.resized).toHaveLength(4);
  });
});
