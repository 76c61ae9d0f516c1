import { CALLABLES, type NotificationsChangedOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { markAllNotificationsRead as markAll } from '../services/notifications/bulk';

/**
 * Mark all as read on /account/notifications: the server pages through the caller's unread
 * notifications, so the browser never has to read them all first.
 */
export const markAllNotificationsRead = onCallable(
  CALLABLES.markAllNotificationsRead,
  async (_input, caller): Promise<NotificationsChangedOutput> => {
    const { uid } = caller;
    return { count: await markAll(db, uid) };
  },
);
