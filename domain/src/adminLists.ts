/** Lists of the admin console's ticket and order screens: page sizes, filters, searches. */
import { SITE_TIME_ZONE } from './constants';
import { ORDER_STATUSES, type OrderStatus } from './collections/orders';

/** Page sizes of the admin ticket and order lists. */
export const ADMIN_TICKETS_PAGE_SIZE = 25;
export const ADMIN_ORDERS_PAGE_SIZE = 20;
/** Tickets read per query when exporting a raffle. */
export const TICKET_EXPORT_PAGE_SIZE = 500;
/** Users offered by an e-mail search. */
export const USER_SEARCH_LIMIT = 10;

export const TICKET_SORTS = [
  { value: 'purchaseDate', label: 'Purchase date' },
  { value: 'ticketNumber', label: 'Ticket number' },
  { value: 'raffle', label: 'Raffle' },
] as const;
export type TicketSort = (typeof TICKET_SORTS)[number]['value'];
export type SortDirection = 'asc' | 'desc';

/** A ticket search: digits look up a ticket number, anything else a customer's e-mail. */
export type TicketSearch =
  { kind: 'none' } | { kind: 'number'; ticketNumber: number } | { kind: 'email'; prefix: string };

export function parseTicketSearch(text: string): TicketSearch {
  const trimmed = text.trim();
  if (!trimmed) return { kind: 'none' };
  const digits = trimmed.replace(/^#/, '');
  if (/^\d+$/.test(digits) && Number(digits) > 0) {
    return { kind: 'number', ticketNumber: Number(digits) };
  }
  return { kind: 'email', prefix: trimmed.toLowerCase() };
}

/** The end of a prefix range: strings starting with `prefix` sort below it. */
export function prefixEnd(prefix: string): string {
  return `${prefix}\uf8ff`;
}

/**
 * An order search is an exact match (Firestore has no substring search): an e-mail address
 * (stored lower-cased) or an order number (stored upper-case, e.g. RW-251122-AB12CD).
 */
export type OrderSearch =
  | { kind: 'none' }
  | { kind: 'email'; email: string }
  | { kind: 'orderNumber'; orderNumber: string };

export function parseOrderSearch(text: string): OrderSearch {
  const trimmed = text.trim();
  if (!trimmed) return { kind: 'none' };
  if (trimmed.includes('@')) return { kind: 'email', email: trimmed.toLowerCase() };
  return { kind: 'orderNumber', orderNumber: trimmed.toUpperCase() };
}

export const ORDER_STATUS_FILTERS: ReadonlyArray<{ value: 'all' | OrderStatus; label: string }> = [
  { value: 'all', label: 'All statuses' },
  ...ORDER_STATUSES.map((status) => ({
    value: status,
    label: status.charAt(0).toUpperCase() + status.slice(1),
  })),
];

export const ORDER_DATE_FILTERS = [
  { value: 'all', label: 'All time' },
  { value: 'today', label: 'Today' },
  { value: 'last7', label: 'Last 7 days' },
  { value: 'last30', label: 'Last 30 days' },
] as const;
export type OrderDateFilter = (typeof ORDER_DATE_FILTERS)[number]['value'];

const DAY_MS = 24 * 60 * 60 * 1000;

const ukClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: SITE_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function ukTimeOfDayMs(date: Date): number {
  const parts = Object.fromEntries(ukClock.formatToParts(date).map((p) => [p.type, p.value]));
  return (
    (Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second)) * 1000 +
    date.getMilliseconds()
  );
}

/** Midnight at the start of `date`'s day in the UK (GMT or BST). */
export function startOfUkDay(date: Date): Date {
  const guess = new Date(date.getTime() - ukTimeOfDayMs(date));
  // A clock change between midnight and now moves midnight by an hour.
  const off = ukTimeOfDayMs(guess);
  if (off === 0) return guess;
  return new Date(guess.getTime() + (off > 12 * 3600_000 ? 24 * 3600_000 - off : -off));
}

/** The earliest order date a date filter keeps; null keeps everything. */
export function orderDateFilterStart(filter: OrderDateFilter, now: Date): Date | null {
  switch (filter) {
    case 'today':
      return startOfUkDay(now);
    case 'last7':
      return new Date(now.getTime() - 7 * DAY_MS);
    case 'last30':
      return new Date(now.getTime() - 30 * DAY_MS);
    default:
      return null;
  }
}
