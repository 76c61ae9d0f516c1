/**
 * Notification kinds and the channels each goes by: in the app always (the account's record),
 * by e-mail (always for service messages, by choice, or never) and by push to the devices the
 * customer turned on. Plain data, no zod: the settings screen and the functions share it.
 */
import { ENDING_SOON_MS } from './constants';

/** Saved raffles closing within this long (a raffle's "ending soon") get one notice each. */
export const SAVED_ENDING_SOON_MS = ENDING_SOON_MS;

export const NOTIFICATION_KINDS = [
  'order',
  'draw',
  'win',
  'support',
  'refund',
  'account',
  'tickets',
  'endingSoon',
  'messages',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How a kind goes by e-mail: `always` (service messages), by the customer's `choice`, or `none`. */
export type EmailChannel = 'always' | 'choice' | 'none';

export interface NotificationKindInfo {
  label: string;
  email: EmailChannel;
}

export const NOTIFICATION_KIND_INFO: Record<NotificationKind, NotificationKindInfo> = {
  order: { label: 'Order confirmed', email: 'always' },
  draw: { label: 'Draw results', email: 'choice' },
  win: { label: 'You won', email: 'always' },
  support: { label: 'Support replies', email: 'choice' },
  refund: { label: 'Raffle cancelled and refunds', email: 'always' },
  account: { label: 'Account and security', email: 'always' },
  tickets: { label: 'Changes to your tickets', email: 'none' },
  endingSoon: { label: 'Saved raffles ending soon', email: 'none' },
  messages: { label: 'Messages from us', email: 'choice' },
};

/** A customer's choice for one kind; a missing value means the default (on). */
export interface ChannelChoice {
  email?: boolean;
  push?: boolean;
}
export type NotificationChannels = Partial<Record<NotificationKind, ChannelChoice>>;

/** The settings fields the channel choices are read from. */
export interface ChannelSettings {
  emailNotifications?: unknown;
  notificationChannels?: unknown;
}

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

function choiceOf(settings: ChannelSettings | undefined, kind: NotificationKind): ChannelChoice {
  const channels = settings?.notificationChannels;
  if (!channels || typeof channels !== 'object') return {};
  const choice = (channels as Record<string, unknown>)[kind];
  return choice && typeof choice === 'object' ? (choice as ChannelChoice) : {};
}

/**
 * Whether a notification of `kind` is e-mailed: service kinds always, `none` kinds never,
 * the others unless e-mail notifications are off or this kind's e-mail is.
 */
export function wantsEmailFor(
  settings: ChannelSettings | undefined,
  kind: NotificationKind,
): boolean {
  const { email } = NOTIFICATION_KIND_INFO[kind];
  if (email !== 'choice') return email === 'always';
  return settings?.emailNotifications !== false && choiceOf(settings, kind).email !== false;
}

/** Whether a notification of `kind` is pushed to the customer's devices (on unless turned off). */
export function wantsPushFor(
  settings: ChannelSettings | undefined,
  kind: NotificationKind,
): boolean {
  return choiceOf(settings, kind).push !== false;
}

/** Devices one account keeps for push; registering another replaces the least recently used. */
export const MAX_PUSH_DEVICES = 10;

export const PUSH_MESSAGES = {
  enable: 'Notify me on this device',
  enabled: 'This device will get your notifications.',
  unsupported: 'This browser cannot show notifications from the shop.',
  denied:
    'Notifications are blocked for this site in your browser. Allow them in the browser’s site settings, then try again.',
  failed: 'Could not turn on notifications on this device. Please try again.',
  removed: 'Device removed',
  deviceNotFound: 'That device no longer gets your notifications.',
  removeFailed: 'Could not remove the device. Please try again.',
  noDevices: 'No devices get push notifications yet.',
  devicesLoadFailed: 'Could not load your devices. Please try again.',
  channelsSaved: 'Notification choices saved',
  channelsSaveFailed: 'Could not save your notification choices. Please try again.',
  endingSoonTitle: 'Ending soon',
  endingSoon: (raffleName: string) =>
    `${raffleName}, which you saved, closes within a day. Get your tickets before it ends.`,
  orderConfirmedTitle: 'Order confirmed',
  orderConfirmed: (orderNumber: string, tickets: number) =>
    `Order ${orderNumber} is confirmed: ${tickets} ${tickets === 1 ? 'ticket' : 'tickets'}. Good luck!`,
} as const;

/** What a push carries (FCM data message fields, all strings). */
export interface PushPayload {
  title: string;
  body: string;
  /** The shop page a click opens, a path such as `/account/orders`. */
  link: string;
  kind: NotificationKind;
  notificationId: string;
}
