import { activeHeld, pruneHolds, shardAvailable, shardLayout } from './pool';

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
