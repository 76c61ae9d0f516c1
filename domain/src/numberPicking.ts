/**
 * Pick your numbers and lucky dip. A raffle with `numberPicking` lets the shopper choose their
 * ticket numbers on a paged board, or take a lucky dip: numbers drawn on the server uniformly
 * from the free ones. Every ticket of such a raffle is issued by name: the reservation holds the
 * chosen numbers in the pool's shards (`Hold.numbers`) and fulfilment issues exactly those.
 * Tickets reserved without numbers (a basket line from another device, a manual or postal
 * entry) are lucky-dipped when reserved; an administrator's added tickets take the lowest free
 * numbers, stepping over those held by name.
 */
import { MAX_CART_LINE_QUANTITY } from './constants';
import {
  MAX_SHARD_SIZE,
  heldNumbers,
  isNumberIssued,
  shardCovers,
  type Shard,
} from './collections/pool';

/** Numbers on one page of the board. */
export const BOARD_PAGE_SIZE = 100;

/** The most numbers one lucky dip draws (a basket line's most). */
export const MAX_LUCKY_DIP = MAX_CART_LINE_QUANTITY;

export const NUMBER_STATES = ['free', 'held', 'taken'] as const;
export type NumberState = (typeof NUMBER_STATES)[number];

/** "7", "7 and 12", "7, 12 and 40". */
export function numbersText(numbers: readonly number[]): string {
  const sorted = [...numbers].sort((a, b) => a - b).map(String);
  if (sorted.length <= 1) return sorted.join('');
  return `${sorted.slice(0, -1).join(', ')} and ${sorted[sorted.length - 1]}`;
}

export const PICK_MESSAGES = {
  /** Someone else's reservation or ticket got there first; the rest of the pick stands. */
  taken: (numbers: readonly number[]) =>
    numbers.length === 1
      ? `Number ${numbersText(numbers)} has just been taken. Your other numbers are still in your basket: pick another and check out again.`
      : `Numbers ${numbersText(numbers)} have just been taken. Your other numbers are still in your basket: pick others and check out again.`,
  outOfRange: (max: number) => `Pick numbers from 1 to ${max}`,
  repeated: 'Each number can only be picked once',
  moreThanTickets: 'More numbers picked than tickets',
  notOffered: 'This raffle does not offer number picking',
  notEnoughFree: (free: number) =>
    free === 0
      ? 'No numbers are free for a lucky dip'
      : `Only ${free} ${free === 1 ? 'number is' : 'numbers are'} free for a lucky dip`,
  /** A raffle whose pool was laid out before picking existed, with shards too big for it. */
  poolTooCoarse:
    'This raffle’s ticket pool was made before number picking: make a new raffle to offer it',
  /** The board's guidance, and what it says when no more numbers can be chosen. */
  chooseUpTo: (most: number) =>
    `Choose up to ${most} ${most === 1 ? 'number' : 'numbers'}: tap them on the board, or take a lucky dip. Held numbers are in someone’s basket; taken ones are sold.`,
  mostChosen: (most: number) =>
    `You have chosen the most numbers you can for this raffle (${most}).`,
  /** The board's search. */
  searchInvalid: (max: number) => `Enter a number from 1 to ${max}`,
} as const;

/** The board page a number is on (from 0). */
export const boardPageOf = (ticketNumber: number) =>
  Math.floor((ticketNumber - 1) / BOARD_PAGE_SIZE);

/** The numbers on board page `page` of a pool of `maxTickets`, inclusive. */
export function boardPageRange(page: number, maxTickets: number): { from: number; to: number } {
  const from = page * BOARD_PAGE_SIZE + 1;
  return { from, to: Math.min(maxTickets, from + BOARD_PAGE_SIZE - 1) };
}

/**
 * The most shards a board page reads. A page of 100 numbers spans at most 11 shards of a
 * default pool of up to 1,000 numbers (10 shards of 10 or more), and one or two of a bigger
 * pool; the security rules allow no bigger read.
 */
export const BOARD_PAGE_SHARDS = 12;

/**
 * What a board page reads: the shards starting after `startAfter` and at or before `to`, the
 * last BOARD_PAGE_SHARDS of them (newest start first). No shard is bigger than MAX_SHARD_SIZE,
 * so the one covering `from` starts in that window; in a 1,000,000-number pool it is the only
 * one (one document per page).
 */
export function boardPageQuery(page: number, maxTickets: number) {
  const { from, to } = boardPageRange(page, maxTickets);
  return { from, to, startAfter: from - MAX_SHARD_SIZE, limit: BOARD_PAGE_SHARDS };
}

/** How many board pages a pool of `maxTickets` has. */
export const boardPageCount = (maxTickets: number) =>
  Math.max(1, Math.ceil(maxTickets / BOARD_PAGE_SIZE));

/**
 * Each number from `from` to `to` as the board shows it at `now`, read from the shards that
 * cover them: issued (`taken`), named by an unexpired reservation (`held`), or `free`.
 */
export function numberStates(shards: Shard[], from: number, to: number, now: Date): NumberState[] {
  const states: NumberState[] = [];
  const held = new Map(shards.map((shard) => [shard, heldNumbers(shard.holds, now)]));
  for (let n = from; n <= to; n += 1) {
    const shard = shards.find((s) => shardCovers(s, n));
    if (!shard) states.push('taken');
    else if (isNumberIssued(shard, n)) states.push('taken');
    else if (held.get(shard)?.has(n)) states.push('held');
    else states.push('free');
  }
  return states;
}

/** What is wrong with picked numbers for a line of `quantity` tickets, or null. */
export function pickProblem(
  numbers: readonly number[],
  quantity: number,
  maxTickets: number,
): string | null {
  if (numbers.some((n) => !Number.isInteger(n) || n < 1 || n > maxTickets)) {
    return PICK_MESSAGES.outOfRange(maxTickets);
  }
  if (new Set(numbers).size !== numbers.length) return PICK_MESSAGES.repeated;
  if (numbers.length > quantity) return PICK_MESSAGES.moreThanTickets;
  return null;
}

/** A line's ticket numbers as its owner reads them: "Your numbers: 7, 12 and 40". */
export function pickedNumbersText(numbers: readonly number[]): string {
  return `${numbers.length === 1 ? 'Your number' : 'Your numbers'}: ${numbersText(numbers)}`;
}
