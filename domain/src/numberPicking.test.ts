import { describe, expect, it } from '@jest/globals';
import { shardLayout, type Shard } from './collections/pool';
import {
  BOARD_PAGE_SHARDS,
  PICK_MESSAGES,
  boardPageCount,
  boardPageOf,
  boardPageQuery,
  boardPageRange,
  numberStates,
  numbersText,
  pickProblem,
  pickedNumbersText,
} from './numberPicking';

const NOW = new Date('2026-11-26T12:00:00Z');

describe('numbers in words', () => {
  it('lists numbers in order with "and"', () => {
    expect(numbersText([7])).toBe('7');
    expect(numbersText([12, 7])).toBe('7 and 12');
    expect(numbersText([40, 7, 12])).toBe('7, 12 and 40');
    expect(pickedNumbersText([7])).toBe('Your number: 7');
    expect(pickedNumbersText([7, 12, 40])).toBe('Your numbers: 7, 12 and 40');
    expect(PICK_MESSAGES.taken([5])).toMatch(/^Number 5 has just been taken\./);
    expect(PICK_MESSAGES.taken([6, 5])).toMatch(/^Numbers 5 and 6 have just been taken\./);
  });
});

describe('board pages', () => {
  it('pages a pool 100 numbers at a time', () => {
    expect(boardPageOf(1)).toBe(0);
    expect(boardPageOf(100)).toBe(0);
    expect(boardPageOf(101)).toBe(1);
    expect(boardPageRange(2, 250)).toEqual({ from: 201, to: 250 });
    expect(boardPageCount(250)).toBe(3);
    expect(boardPageCount(1_000_000)).toBe(10_000);
  });

  it('reads few enough shards to cover any page of a default pool', () => {
    for (const maxTickets of [5, 30, 250, 999, 1_000, 45_678, 1_000_000]) {
      const layout = shardLayout(maxTickets);
      for (
        let page = 0;
        page < boardPageCount(maxTickets);
        page += Math.max(1, Math.floor(boardPageCount(maxTickets) / 50))
      ) {
        const query = boardPageQuery(page, maxTickets);
        const read = layout
          .filter((shard) => shard.start > query.startAfter && shard.start <= query.to)
          .sort((a, b) => b.start - a.start)
          .slice(0, query.limit);
        for (let n = query.from; n <= query.to; n += 1) {
          expect(read.some((shard) => n >= shard.start && n < shard.start + shard.size)).toBe(true);
        }
        expect(read.length).toBeLessThanOrEqual(BOARD_PAGE_SHARDS);
        if (maxTickets === 1_000_000) expect(read).toHaveLength(1);
      }
    }
  });

  it('shows each number taken, held by an unexpired reservation, or free', () => {
    const shard: Shard = {
      index: 0,
      start: 1,
      size: 10,
      sold: 3,
      holds: {
        live: { quantity: 2, expiresAt: new Date(NOW.getTime() + 60_000), numbers: [5, 6] },
        lapsed: { quantity: 1, expiresAt: new Date(NOW.getTime() - 60_000), numbers: [7] },
      },
      taken: [9],
      freed: [2],
    };
    // Issued: 1 and 3 (below the frontier, 2 freed) and 9 (placed above it).
    expect(numberStates([shard], 1, 10, NOW)).toEqual([
      'taken',
      'free',
      'taken',
      'free',
      'held',
      'held',
      'free',
      'free',
      'taken',
      'free',
    ]);
  });

  it('checks picks against the pool and the line', () => {
    expect(pickProblem([1, 2], 2, 10)).toBeNull();
    expect(pickProblem([11], 1, 10)).toBe(PICK_MESSAGES.outOfRange(10));
    expect(pickProblem([3, 3], 2, 10)).toBe(PICK_MESSAGES.repeated);
    expect(pickProblem([1, 2, 3], 2, 10)).toBe(PICK_MESSAGES.moreThanTickets);
  });
});
