import type { RaffleCategory } from './collections/raffleCategories';

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
  /** A date of birth on record that shows someone under 18 is corrected by support only. */
  dateOfBirthLocked:
    'Your date of birth on record shows you are under 18. Please contact support to correct it.',
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
  /** Anything tried while the account is being deleted (from another tab, say). */
  beingDeleted: 'This account is being deleted, so nothing more can be bought or changed with it.',
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
/** My Orders page size: ten rows fit a phone screen or two. */
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
 * `pendingDeletions/{uid}`: an account deleted through Firebase Auth's own API whose shop
 * deletion had to wait (a payment of it still under way), with the address its deletion
 * covers; finished by the scheduled sweep (`finishPendingDeletions`). Functions only.
 */
export const pendingDeletionsCollection = 'pendingDeletions';

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
