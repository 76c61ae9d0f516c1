import type { RaffleCategory } from './collections/raffleCategories';

/** Tickets per page of a raffle's entry list. */
export const ENTRY_LIST_PAGE_SIZE = 10;
/** Raffles loaded at a time on /entries; "Show more raffles" loads the next ones. */
export const ENTRY_LIST_RAFFLES_PER_PAGE = 6;

export interface EntryListTab {
  key: string;
  label: string;
  /** Null: every category. */
  categories: RaffleCategory[] | null;
}

/**
 * The category tabs of /entries. There is no tab for cash prizes;
 * they are competitions in the everyday sense, so the Competitions tab shows cash and
 * general competitions together.
 */
export const ENTRY_LIST_TABS: readonly EntryListTab[] = [
  { key: 'all', label: 'All Entries', categories: null },
  { key: 'competitions', label: 'Competitions', categories: ['competition', 'cash'] },
  { key: 'tech', label: 'Tech', categories: ['tech'] },
  { key: 'charity', label: 'Charity', categories: ['charity'] },
  { key: 'free', label: 'Free', categories: ['free'] },
];

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The value at `rank` (0-based) in a sorted set of integers within `low`…`high`, found by
 * binary search over `countBelow(v)` (how many values are below v) instead of reading the
 * values before it. Lets a paged list jump to page N with about log2(high - low) counts and
 * one page read. Null when the set has `rank` values or fewer.
 */
export async function valueAtRank(
  rank: number,
  low: number,
  high: number,
  countBelow: (value: number) => Promise<number>,
): Promise<number | null> {
  if (rank < 0 || high < low) return null;
  if ((await countBelow(high + 1)) <= rank) return null;
  let lo = low;
  let hi = high;
  // Invariant: the answer is in lo…hi: the smallest x with more than `rank` values ≤ x.
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if ((await countBelow(mid + 1)) > rank) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * Which page numbers the dot pagination shows: all of them when few, otherwise a window of
 * `max` around the current page (0-based page indexes).
 */
export function visiblePages(current: number, total: number, max = 7): number[] {
  const count = Math.min(total, max);
  const start = Math.min(Math.max(0, current - Math.floor(count / 2)), total - count);
  return Array.from({ length: count }, (_, i) => start + i);
}
