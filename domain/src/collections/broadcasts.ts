import { z } from 'zod';
import { NOTIFICATION_TYPES } from './userData';

export const notificationBroadcastsCollection = 'notificationBroadcasts';

/**
 * `notificationBroadcasts/{notificationId}`: one send to all, its progress and its result;
 * administrators read it (the progress bar), functions write it. Each page of users is one
 * task of the `sendBroadcastPage` queue; `cursor` is the last user id done.
 */
export const notificationBroadcastSchema = z.object({
  title: z.string().max(120),
  type: z.enum(NOTIFICATION_TYPES),
  message: z.string().max(2000),
  marketing: z.boolean(),
  status: z.enum(['sending', 'done']),
  /** Users when the send began: what the progress bar counts to. */
  total: z.number().int().min(0),
  /** Users gone through so far (sent, failed, or not taking marketing). */
  processed: z.number().int().min(0),
  sent: z.number().int().min(0),
  failed: z.number().int().min(0),
  cursor: z.string().nullable(),
  /** The cursor before the last counted page, and whether the page after `cursor` is queued. */
  previousCursor: z.string().nullable().default(null),
  nextQueued: z.boolean().default(true),
  by: z.string(),
  startedAt: z.date(),
  finishedAt: z.date().nullable(),
});
export type NotificationBroadcastData = z.infer<typeof notificationBroadcastSchema>;
export type NotificationBroadcast = NotificationBroadcastData & { id: string };
