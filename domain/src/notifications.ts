import { formatShortDate } from './dates';
import type { NotificationKind } from './push';
import { clipText } from './text';

/** The notification screens' constants. */
export const NOTIFICATION_CONSTANTS = {
  /** Notifications read at a time; "Load more" reads the next page after a cursor. */
  pageSize: 50,
  /** The list scrolls within this height. */
  listMaxHeight: '70vh',
  /** Longer texts are cut here, with a show-more control. */
  truncateAt: 80,
  /** "Confirm delete?" turns back into "Delete all" after this long. */
  deleteAllConfirmMs: 3000,
  /** The badge shows up to this many, then "9+"; it reads one document more than this. */
  badgeMax: 9,
  /**
   * Users read per step of a send-to-all: each takes two writes (the notification and its
   * e-mail) in the step's one batch of at most 500.
   */
  broadcastPageSize: 250,
} as const;

/** The notifications page's messages. */
export const NOTIFICATION_MESSAGES = {
  subtitle: 'Stay up to date with your competitions, wins and account activity',
  offline: 'You are currently offline. Please check your internet connection.',
  loadFailed: 'Failed to load notifications',
  markReadFailed: 'Failed to mark notification as read',
  markAllFailed: 'Failed to mark all notifications as read',
  deleteFailed: 'Failed to delete notification',
  deleteAllFailed: 'Failed to delete all notifications',
  empty: 'No notifications to display',
  emptyUnreadHint: 'You have read all your notifications.',
  emptyAllHint:
    'You will receive notifications about competitions, wins, and account updates here.',
  confirmDeleteAll: 'Confirm delete?',
  /** The Email Preferences box's items, each with the kind whose e-mail it names. */
  emailPreferences: [
    { label: 'Support ticket responses', kind: 'support' },
    { label: 'Raffle updates and results', kind: 'draw' },
    { label: 'Account security alerts', kind: 'account' },
  ] satisfies ReadonlyArray<{ label: string; kind: NotificationKind }>,
  manageSettings: 'Manage notification settings',
} as const;

/**
 * "Just now", "5 minutes ago" (under an hour), "3 hours ago" (under a day), "2 days ago"
 * (under a week), otherwise the date ("05 Mar 2025").
 */
export function formatRelativeTime(date: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} ${days === 1 ? 'day' : 'days'} ago`;
  return formatShortDate(date);
}

/**
 * The first `max` characters and an ellipsis (never half a character), or the whole text when it
 * fits.
 */
export function truncateText(
  text: string,
  max: number = NOTIFICATION_CONSTANTS.truncateAt,
): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false };
  return { text: `${clipText(text, max).trimEnd()}…`, truncated: true };
}
