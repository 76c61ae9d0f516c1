import {
  activeHeld,
  planPoolResize,
  pruneHolds,
  shardAvailable,
  shardLayout,
  type Shard,
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
    expect(shardAvailable({ index: 0, start: 1, size: 10, sold: 3, holds }, now)).toBe(5);
  });
});

describe('planPoolResize', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  const later = new Date('2026-01-01T13:00:00Z');
  const earlier = new Date('2026-01-01T11:00:00Z');
  const pool = () =>
    shardLayout(100, 4).map((shard) => ({ ...shard, sold: 0, holds: {} as Shard['holds'] }));

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

  it('refuses to shrink below the tickets taken', () => {
    const shards = pool().map((shard) => ({ ...shard, sold: 20 }));
    expect(planPoolResize(shards, 79, now, 4)).toBeNull();
    expect(planPoolResize(shards, 80, now, 4)?.resized).toHaveLength(4);
  });
});
