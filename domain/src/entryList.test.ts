import { pageCount, valueAtRank, visiblePages } from './entryList';

/** A counter over a fixed set, recording how many counts were asked. */
function counter(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  let calls = 0;
  return {
    countBelow: async (v: number) => {
      calls += 1;
      return sorted.filter((x) => x < v).length;
    },
    calls: () => calls,
    sorted,
  };
}

describe('valueAtRank', () => {
  it('finds each value of a sparse set by rank', async () => {
    // Like a sharded pool: prefixes of 1-100, 101-200 and 201-300 issued.
    const values = [
      ...Array.from({ length: 37 }, (_, i) => 1 + i),
      ...Array.from({ length: 5 }, (_, i) => 101 + i),
      ...Array.from({ length: 60 }, (_, i) => 201 + i),
    ];
    const { countBelow, sorted } = counter(values);
    for (const rank of [0, 1, 36, 37, 41, 42, 101]) {
      await expect(valueAtRank(rank, 1, 300, countBelow)).resolves.toBe(sorted[rank]);
    }
  });

  it('answers null past the end and for an empty set', async () => {
    await expect(valueAtRank(3, 1, 10, counter([1, 2, 3]).countBelow)).resolves.toBeNull();
    await expect(valueAtRank(0, 1, 10, counter([]).countBelow)).resolves.toBeNull();
  });

  it('needs about log2 of the range in counts, not one read per value', async () => {
    const many = counter(Array.from({ length: 10_000 }, (_, i) => i + 1));
    await expect(valueAtRank(190, 1, 10_000, many.countBelow)).resolves.toBe(191);
    expect(many.calls()).toBeLessThanOrEqual(16);
  });
});

describe('pagination helpers', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });

  it('shows every page when few, else a window around the current one', () => {
    expect(visiblePages(0, 3)).toEqual([0, 1, 2]);
    expect(visiblePages(0, 20)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(visiblePages(10, 20)).toEqual([7, 8, 9, 10, 11, 12, 13]);
    expect(visiblePages(19, 20)).toEqual([13, 14, 15, 16, 17, 18, 19]);
  });
});
