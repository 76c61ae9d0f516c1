import {
  DEFAULT_MAX_TICKETS_PER_USER,
  ENDING_SOON_MS,
  ENDING_SOON_WINDOW_MS,
  FREE_RAFFLE_MAX_TICKETS_PER_USER,
  VERY_SOON_MS,
} from './constants';
import type { Raffle } from './collections/raffles';
import { formatCount } from './money';
import { firstCharacter } from './text';

/**
 * What a raffle card (and checkout, as `CHECKOUT_MESSAGES`) says of a raffle that takes no more
 * entries: here, beside the states, so every shop page's cards say it without the rest of the
 * checkout's messages.
 */
export const RAFFLE_CLOSED_TEXTS = {
  ended: 'This raffle has ended',
  soldOut: 'This raffle is sold out',
  maxEntries: 'Maximum entry limit reached',
} as const;

/** The fields the display rules need; both full raffles and snapshots satisfy it. */
export type RaffleTiming = Pick<Raffle, 'active' | 'startDate' | 'endDate'> & TicketCounts;

/** Sold and reserved tickets against the maximum. */
export interface TicketCounts {
  soldTickets: number;
  maxTickets: number;
  /** Held by pending checkouts; they count until they expire or are paid. */
  reservedTickets?: number;
}

/** Tickets sold or held by a pending checkout. */
export function ticketsTaken(raffle: TicketCounts): number {
  return raffle.soldTickets + (raffle.reservedTickets ?? 0);
}

/**
 * How a raffle presents itself. Precedence: a raffle that has ended is
 * "ended" even if it sold out; "upcoming" is a raffle whose start is still in the future.
 */
export type RaffleDisplayState = 'upcoming' | 'ended' | 'sold-out' | 'ending-soon' | 'active';

/** No ticket left to buy: every one is sold or held by a pending checkout. */
export function isSoldOut(raffle: TicketCounts): boolean {
  return ticketsTaken(raffle) >= raffle.maxTickets;
}

export function hasEnded(raffle: Pick<Raffle, 'endDate'>, now: Date): boolean {
  return raffle.endDate.getTime() <= now.getTime();
}

export function hasStarted(raffle: Pick<Raffle, 'startDate'>, now: Date): boolean {
  return raffle.startDate.getTime() <= now.getTime();
}

/** Live: started and not yet ended (how the loaded raffle list is filtered). */
export function isLive(raffle: Pick<Raffle, 'startDate' | 'endDate'>, now: Date): boolean {
  return hasStarted(raffle, now) && !hasEnded(raffle, now);
}

export function raffleDisplayState(raffle: RaffleTiming, now: Date): RaffleDisplayState {
  if (hasEnded(raffle, now)) return 'ended';
  if (!hasStarted(raffle, now)) return 'upcoming';
  if (isSoldOut(raffle)) return 'sold-out';
  if (raffle.endDate.getTime() - now.getTime() <= ENDING_SOON_MS) return 'ending-soon';
  return 'active';
}

/** Available to enter: active, live and not sold out. */
export function isAvailable(raffle: RaffleTiming, now: Date): boolean {
  return raffle.active && isLive(raffle, now) && !isSoldOut(raffle);
}

/** Ends within the home page's Ending Soon window (7 days) and has not ended. */
export function endsWithinWindow(raffle: Pick<Raffle, 'endDate'>, now: Date): boolean {
  const left = raffle.endDate.getTime() - now.getTime();
  return left > 0 && left <= ENDING_SOON_WINDOW_MS;
}

export function ticketsLeft(raffle: TicketCounts): number {
  return Math.max(0, raffle.maxTickets - ticketsTaken(raffle));
}

/** Percentage taken, 0–100, for the progress bar. */
export function soldPercent(raffle: TicketCounts): number {
  if (raffle.maxTickets <= 0) return 100;
  return Math.min(100, Math.round((ticketsTaken(raffle) / raffle.maxTickets) * 100));
}

/** The per-user cap: 1 for free raffles, otherwise the raffle's own or the fallback 10. */
export function perUserLimit(raffle: Pick<Raffle, 'category' | 'maxTicketsPerUser'>): number {
  if (raffle.category === 'free') return FREE_RAFFLE_MAX_TICKETS_PER_USER;
  return raffle.maxTicketsPerUser > 0 ? raffle.maxTicketsPerUser : DEFAULT_MAX_TICKETS_PER_USER;
}

/**
 * How many more tickets of a raffle a customer may add: the per-user limit less the tickets
 * they own and those already in their cart, never more than the tickets left, never below 0.
 */
export function addableTickets(
  raffle: TicketCounts & Pick<Raffle, 'category' | 'maxTicketsPerUser'>,
  owned: number,
  inCart: number,
): number {
  return Math.max(0, Math.min(ticketsLeft(raffle), perUserLimit(raffle) - owned - inCart));
}

/**
 * What an add says when it may put in fewer tickets than were asked for: the spec's words as
 * they stand, "1 more tickets" too (a message a shopper or a test looks for word for word).
 */
export function onlyMoreTicketsText(allowed: number): string {
  return `You can only add ${allowed} more tickets for this raffle`;
}

/** Why an add puts nothing in: a key of RAFFLE_CLOSED_TEXTS. */
export type AddRefusal = keyof typeof RAFFLE_CLOSED_TEXTS;

/**
 * What an add does as its tickets go in, checked again then because the raffle may have ended
 * or sold out, or the customer's allowance (`allowed`, from addableTickets) filled in another
 * tab, while the skill question or the number board was open: refused, and why, or the tickets
 * to add (never more than allowed), with what to say when that is fewer than `wanted`. The
 * raffle cards and Saved Raffles both add through it.
 */
export function ticketsGoingIn(
  raffle: Pick<Raffle, 'endDate'> & TicketCounts,
  allowed: number,
  wanted: number,
  at: Date,
): { refused: AddRefusal } | { refused: null; quantity: number; notice: string | null } {
  if (hasEnded(raffle, at)) return { refused: 'ended' };
  if (isSoldOut(raffle)) return { refused: 'soldOut' };
  if (allowed <= 0) return { refused: 'maxEntries' };
  return {
    refused: null,
    quantity: Math.min(wanted, allowed),
    notice: wanted > allowed ? onlyMoreTicketsText(allowed) : null,
  };
}

/** Countdown colours. */
export type CountdownTone = 'red' | 'orange' | 'grey' | 'blue';

export interface Countdown {
  text: string;
  tone: CountdownTone;
}

/**
 * The countdown shown on a raffle card: "Xd Xh Xm Xs left", "Xh Xm Xs left", "Xm Xs left",
 * "< 1s left", "Ended" or "Date unavailable", coloured red under 1 hour, orange under
 * 24 hours, grey when ended and blue otherwise.
 */
export function countdown(endDate: Date | null | undefined, now: Date): Countdown {
  if (!(endDate instanceof Date) || Number.isNaN(endDate.getTime())) {
    return { text: 'Date unavailable', tone: 'grey' };
  }
  const left = endDate.getTime() - now.getTime();
  if (left <= 0) return { text: 'Ended', tone: 'grey' };
  const tone: CountdownTone =
    left < VERY_SOON_MS ? 'red' : left < ENDING_SOON_MS ? 'orange' : 'blue';
  if (left < 1000) return { text: '< 1s left', tone };
  return { text: `${durationText(Math.floor(left / 1000))} left`, tone };
}

/** Whole seconds as a countdown reads them: "Xd Xh Xm Xs", "Xh Xm Xs" or "Xm Xs". */
export function durationText(totalSeconds: number): string {
  const days = Math.floor(totalSeconds / 86_400);
  const hours = Math.floor((totalSeconds % 86_400) / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (days > 0) return `${days}d ${hours}h ${minutes}m ${seconds}s`;
  if (hours > 0) return `${hours}h ${minutes}m ${seconds}s`;
  return `${minutes}m ${seconds}s`;
}

/**
 * What in a name could read as a link or as markup: a tag or an entity, an address with a
 * scheme (https:, mailto:, javascript:), a www. or e-mail address, a domain name
 * ("prizes.example"), and the angle brackets tags are made of.
 */
const LINK_OR_MARKUP =
  /<[^>]*>?|&#?\w+;|\S*(?:[a-z][\w+.-]*:\S|www\.|@)\S*|\S+\.[a-z]{2,}\S*|[<>]/giu;

/**
 * A name as others read it, with whatever could read as a link or markup taken out: it goes to
 * every entrant of a draw (their notice, and the e-mail, where mail programs make links of
 * addresses), onto the public entry list, the draw page and /winners.
 */
function plainName(name: string | null | undefined): string {
  return (name ?? '').replace(LINK_OR_MARKUP, ' ').replace(/\s+/gu, ' ').trim();
}

/**
 * A ticket holder on public lists: "John D." or, without a name (or with none left once links
 * and markup are taken out), "User" and the first four characters of the ticket number.
 */
export function holderDisplayName(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
  ticketNumber: string | number,
): string {
  const first = plainName(firstName);
  if (first) {
    // The first whole character: half of one (an emoji, 𠮷) is not text, and no write takes it.
    const initial = firstCharacter(plainName(lastName)).toUpperCase();
    return initial ? `${first} ${initial}.` : first;
  }
  return `User ${String(ticketNumber).slice(0, 4)}`;
}

/**
 * The odds shown on every raffle: one ticket's chance with the tickets sold so far
 * and when every ticket sells, and the customer's own chance. Sold counts include tickets
 * still to be checked (a wrong answer is left out of the draw), so the odds are "at least".
 */
export function oddsSummary(
  sold: number,
  maxTickets: number,
  owned: number,
): { perTicket: string; yours: string | null } {
  const perTicket =
    sold === 0
      ? `No tickets sold yet: one ticket's chance will be at least 1 in ${formatCount(maxTickets)}`
      : `One ticket's chance: 1 in ${formatCount(sold)} now, 1 in ${formatCount(maxTickets)} if every ticket sells`;
  const yours =
    owned > 0 && sold > 0
      ? `Your ${owned === 1 ? 'ticket' : `${formatCount(owned)} tickets`}: ${formatCount(owned)} in ${formatCount(sold)} chance now`
      : null;
  return { perTicket, yours };
}

/**
 * Why a raffle in a cart cannot be checked out now, in the checkout's own words (null: it can):
 * ended, not started or drawn, or every ticket sold. Tickets held by checkouts do not count here:
 * the shopper's own hold is given back when they check out again.
 */
export function closedToCheckout(
  raffle: Pick<Raffle, 'startDate' | 'endDate' | 'drawStatus'> & TicketCounts,
  now: Date,
): string | null {
  if (hasEnded(raffle, now) || !hasStarted(raffle, now) || raffle.drawStatus !== 'pending') {
    return RAFFLE_CLOSED_TEXTS.ended;
  }
  return raffle.soldTickets >= raffle.maxTickets ? RAFFLE_CLOSED_TEXTS.soldOut : null;
}

/**
 * Whether a raffle offers number picking (and lucky dip). Not with instant prizes: an
 * administrator puts them on chosen numbers and can read where they are, so a picking raffle
 * would let them tell a friend which numbers to pick; issued at random, knowing helps nobody.
 * The console refuses the pair (saveRaffle, saveInstantPrizes); a raffle saved with both before
 * that rule offers no picking, and its numbers are issued at random like any prize raffle's.
 * Here, beside the states, not in numberPicking.ts: every shop page's cards ask it, and that
 * module brings the pool's schemas (and zod) with it.
 */
export const offersNumberPicking = (raffle: {
  numberPicking: boolean;
  instantPrizes: readonly unknown[];
}): boolean => raffle.numberPicking && raffle.instantPrizes.length === 0;
