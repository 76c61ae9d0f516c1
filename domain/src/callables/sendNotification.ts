import { z } from 'zod';
import { NOTIFICATION_LIMITS, NOTIFICATION_TYPES } from '../collections/userData';
import { idSchema, requestIdSchema } from '../fields';
import { answer, defineCallable } from './contract';

/** Create Notification's messages. */
export const SEND_NOTIFICATION_MESSAGES = {
  userRequired: 'Please select a user',
  titleAndMessageRequired: 'Title and message are required',
  created: 'Notification created successfully',
  /** The spec's words as they stand ("1 users" too). */
  sentToAll: (sent: number, failed: number) =>
    `Notification sent to ${sent} users (${failed} failed)`,
  noneSent: 'Failed to send notifications to any users',
  failed: 'Failed to create notification',
  userNotFound: 'User not found',
  /** A marketing message to one customer who has not opted in (or is on a play break). */
  noMarketing:
    'This customer does not take marketing messages (not opted in, or on a break from play)',
  marketingLabel: 'Marketing (offers and news)',
  confirmAllTitle: 'Send to all users?',
  confirmAll:
    'Every user gets this notification, and an e-mail where they take e-mails. It cannot be ' +
    'taken back.',
  /** A send to all, handed to the queue: its progress shows under the form. */
  queued: (total: number) =>
    `Sending to ${total} ${total === 1 ? 'user' : 'users'}: follow its progress below`,
  progressTitle: 'Sends to all users',
  /** The send's key came back with other words: the first send stands, nothing new is sent. */
  keyReused:
    'This send was already made with other words. Nothing more was sent: send the new words ' +
    'as a new message.',
  progress: (processed: number, total: number) =>
    `Sending… ${Math.min(processed, total)} of ${total} users`,
  marketingHelp:
    'Tick it for any promotion: it then goes only to customers who opted in to offers and news, ' +
    'never to anyone on a break from play. Unticked, the message goes to every customer as ' +
    'news about their account or the shop.',
  searchUsersFailed: 'Failed to fetch users',
} as const;

/**
 * `sendNotification` (administrators, audited): an in-app notification for one user, or for
 * every user (`sendToAll`), fanned out on the server page by page through a task queue (its
 * progress in `notificationBroadcasts`), and e-mailed to those whose e-mail notifications are
 * on. A marketing message goes (in the app and by e-mail) only to
 * customers who opted in to marketing and are not on a play break.
 */
export const sendNotificationInput = z
  .object({
    sendToAll: z.boolean(),
    userId: idSchema.nullable(),
    type: z.enum(NOTIFICATION_TYPES),
    title: z
      .string()
      .trim()
      .min(1, SEND_NOTIFICATION_MESSAGES.titleAndMessageRequired)
      .max(NOTIFICATION_LIMITS.titleMax),
    message: z
      .string()
      .trim()
      .min(1, SEND_NOTIFICATION_MESSAGES.titleAndMessageRequired)
      .max(NOTIFICATION_LIMITS.messageMax),
    /** Offers and news: only for customers who opted in and are not on a play break. */
    marketing: z.boolean().default(false),
    /**
     * The form's key for this send (a new one per message): a send to all repeated with the
     * same key (a second press, a retry after a lost answer) answers the first send's result
     * and sends nothing again.
     */
    requestId: requestIdSchema.optional(),
  })
  .strict()
  .refine((input) => input.sendToAll || input.userId !== null, {
    message: SEND_NOTIFICATION_MESSAGES.userRequired,
    path: ['userId'],
    when: (payload) => payload.value !== null && typeof payload.value === 'object',
  });
export type SendNotificationInput = z.input<typeof sendNotificationInput>;

export interface SendNotificationOutput {
  /** Users who received it (a send to all: so far; its record counts on). */
  sent: number;
  /** Users whose notification could not be written. */
  failed: number;
  /** The notification's id (the same for every user of a send-to-all, and its record's). */
  notificationId: string;
  /** A send to all goes out page by page through a task queue, after this answer. */
  queued: boolean;
  /** The users it goes through (1 for one user). */
  total: number;
}

export const sendNotificationContract = defineCallable({
  name: 'sendNotification',
  access: 'admin',
  input: sendNotificationInput,
  output: answer<SendNotificationOutput>(),
});
