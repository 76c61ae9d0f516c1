import type { RaffleCategory } from './collections/raffles';
import { SITE_TIME_ZONE } from './constants';

/** What people read in the customer account area, in one place. */
export const ACCOUNT_MESSAGES = {
  fetchProfileFailed: 'Failed to fetch profile',
  loadProfileFailed: 'Failed to load profile information',
  updateProfileFailed: 'Failed to update profile',
  profileUpdated: 'Profile updated successfully',
  usernameTaken: 'Username is already taken',
  usernameInvalid: 'Username must be 3 to 30 letters, digits, underscores (_) or full stops (.)',
  fullNameRequired: 'Please enter your full name',
  phoneInvalid: 'Please enter a valid UK phone number starting with +44',
  dateOfBirthInvalid: 'Please enter a valid date of birth',
  dateOfBirthRequired: 'Please enter your date of birth',
  underage: 'You must be 18 or older',
  preferencesUpdated: 'Preferences updated successfully',
  preferencesFailed: 'Failed to update preferences',
  loadTicketsFailed: 'Failed to load your tickets. Please try again later.',
  loadOrdersFailed: 'Failed to load orders',
  loadOrderFailed: 'Failed to load order details',
  noOrderForTicket: 'No order found for this ticket',
  noOrderId: 'No order ID available',
  orderNotFound: 'Order not found',
  fetchSavedFailed: 'Failed to fetch saved raffles',
  removeSavedFailed: 'Failed to remove raffle',
  saveRaffleFailed: 'Failed to save raffle',
  raffleEnded: 'This raffle has ended and cannot be entered',
  exportFailed: 'Failed to export your data',
  signOutEverywhereFailed: 'Failed to sign out from all devices',
  sessionRevoked: 'Your session has ended. Please sign in again.',
  deleteFailed: 'Failed to delete account',
  deleteConfirmation: 'Please type DELETE to confirm account deletion',
  deleteWhilePaying: 'A card payment is still in progress. Please try again in 30 minutes.',
  deleteWhileFulfilling: 'Your last order is still being processed. Please try again in a minute.',
  deleteAdmin:
    'Administrators cannot delete their own account. Ask another administrator to remove your admin rights first.',
  fetchCardsFailed: 'Failed to fetch payment methods',
  addCardFailed: 'Failed to add payment method',
  removeCardFailed: 'Failed to remove payment method',
  setDefaultCardFailed: 'Failed to set default payment method',
  cardAdded: 'Payment method added successfully',
  cardRemoved: 'Payment method removed successfully',
  defaultCardSet: 'Default payment method updated',
  cardNotFound: 'This payment method no longer exists',
  tooManyCards: 'You can save up to 10 payment methods. Remove one first.',
  cardExpired: 'This card has expired',
  cardSetupIncomplete: 'The card was not confirmed. Please try again.',
} as const;

/** My Tickets shows this many tickets per page. */
export const MY_TICKETS_PAGE_SIZE = 10;
/** My Orders page size: the spec leaves it open; ten rows fit a phone screen or two. */
export const MY_ORDERS_PAGE_SIZE = 10;
/** Saved raffles are loaded this many at a time. */
export const SAVED_RAFFLES_PAGE_SIZE = 12;
/** Data export reads each collection this many documents at a time. */
export const EXPORT_PAGE_SIZE = 200;
/** After Update Profile saves, back to /account after this long. */
export const PROFILE_REDIRECT_MS = 2000;
/** "This raffle has ended and cannot be entered" clears after this long. */
export const ENDED_RAFFLE_MESSAGE_MS = 3000;
/** The most cards a customer keeps on file. */
export const MAX_PAYMENT_METHODS = 10;
/** What the customer types to confirm deleting their account. */
export const DELETE_CONFIRMATION = 'DELETE';

/**
 * Orders, tickets and reservations are financial and draw records: deleting an account
 * anonymises them instead of deleting them. This is the owner they are left with (no real
 * account has this id: Auth ids are generated) and the name the public entry lists show.
 */
export const DELETED_USER_ID = 'deleted-user';
export const DELETED_USER_NAME = 'Deleted user';

/** The category tabs of My Tickets. */
export const MY_TICKETS_TABS: ReadonlyArray<{
  key: 'all' | RaffleCategory;
  label: string;
  category: RaffleCategory | null;
}> = [
  { key: 'all', label: 'All', category: null },
  { key: 'competition', label: 'Competitions', category: 'competition' },
  { key: 'cash', label: 'Cash', category: 'cash' },
  { key: 'tech', label: 'Tech', category: 'tech' },
  { key: 'charity', label: 'Charity', category: 'charity' },
  { key: 'free', label: 'Free', category: 'free' },
];

export const MY_ORDER_STATUS_FILTERS = ['all', 'processing', 'completed', 'cancelled'] as const;
export type MyOrderStatusFilter = (typeof MY_ORDER_STATUS_FILTERS)[number];

export const MY_ORDER_DATE_FILTERS = ['all', 'last30', 'last90', 'older'] as const;
export type MyOrderDateFilter = (typeof MY_ORDER_DATE_FILTERS)[number];

export const MY_ORDER_DATE_FILTER_LABELS: Record<MyOrderDateFilter, string> = {
  all: 'All time',
  last30: 'Last 30 days',
  last90: '30 to 90 days ago',
  older: 'Over 90 days ago',
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The createdAt range of a date filter: last30 = the last 30 days, last90 =
 * between 30 and 90 days ago, older = more than 90 days ago. `from` is inclusive, `before`
 * exclusive; absent bounds are open.
 */
export function orderDateRange(
  filter: MyOrderDateFilter,
  now: Date,
): { from: Date | null; before: Date | null } {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  switch (filter) {
    case 'last30':
      return { from: daysAgo(30), before: null };
    case 'last90':
      return { from: daysAgo(90), before: daysAgo(30) };
    case 'older':
      return { from: null, before: daysAgo(90) };
    default:
      return { from: null, before: null };
  }
}

/** The shortest piece of a word stored for search ("mac" and "book" find "MacBook"). */
export const SEARCH_PREFIX_MIN = 3;
const SEARCH_WORD_MAX = 40;

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word.slice(0, SEARCH_WORD_MAX));
}

/**
 * Firestore has no substring search, so each order stores the terms it can be found by and
 * My Orders queries them with `array-contains`: the order number (lower-cased, whole and each
 * part between dashes), and every word of its item names and every part of the order number
 * with each piece of three letters or more inside it ("book" finds "MacBook"), lower-cased.
 * Whole words and parts come first, so the 200-term cap drops only the rarest pieces.
 */
export function orderSearchTerms(orderNumber: string, itemNames: string[]): string[] {
  const number = orderNumber.trim().toLowerCase();
  const parts = number.split('-').filter(Boolean);
  return searchTermsFor(number ? [number] : [], [...parts, ...itemNames.flatMap(words)]);
}

/**
 * A raffle's name as the console's raffle pickers search it (`raffleSearch/{id}`): its words
 * and every piece of three letters or more inside them, lower-cased ("book" finds "MacBook").
 */
export function raffleSearchTerms(name: string): string[] {
  return searchTermsFor([], words(name));
}

/**
 * What a raffle picker's text is matched by: its words, longest first (the query uses the
 * first; the others narrow what it returns).
 */
export function raffleQueryTerms(text: string): string[] {
  return [...new Set(words(text))].sort((a, b) => b.length - a.length);
}

/** The whole terms, the tokens, then every piece of each token, at most 200 in all. */
function searchTermsFor(whole: string[], tokens: string[]): string[] {
  const terms = new Set<string>([...whole, ...tokens]);
  for (const token of tokens) {
    for (let start = 0; start + SEARCH_PREFIX_MIN <= token.length; start += 1) {
      for (let end = start + SEARCH_PREFIX_MIN; end <= token.length; end += 1) {
        terms.add(token.slice(start, end));
      }
    }
  }
  return [...terms].slice(0, 200);
}

/**
 * What a search box's text is matched by: the whole text when it looks like an order number
 * ("RW-250101-ABC123"), otherwise its words, longest first. The query uses the first term; the
 * others narrow the page in the browser (Firestore allows one array-contains per query).
 */
export function searchTermsOf(text: string): string[] {
  const trimmed = text.trim().toLowerCase();
  if (!trimmed) return [];
  if (/^[a-z0-9]+(-[a-z0-9]+)+$/.test(trimmed)) return [trimmed];
  return [...new Set(words(trimmed))].sort((a, b) => b.length - a.length);
}

/** Usernames: 3 to 30 letters, digits, `_` or `.`; never an "@", so sign-in can tell them apart. */

/** Names nobody may take: they would let a customer pass for the shop. */
export const RESERVED_USERNAMES: readonly string[] = [
  'admin',
  'administrator',
  'support',
  'rafflewin',
  'system',
  'moderator',
  'staff',
  'help',
  'deleted-user',
];

/** The key of `usernames/{key}`: usernames are unique whatever their case. */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

const ukDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's calendar date in the UK, as yyyy-mm-dd. */
export function ukToday(now: Date): string {
  return ukDay.format(now);
}

/** True when `text` is a real calendar date written yyyy-mm-dd. */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * Whole years between a date of birth and `today` (both yyyy-mm-dd), counted by calendar:
 * the birthday itself is the day a year is completed (29 February birthdays complete on
 * 1 March in other years).
 */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}
