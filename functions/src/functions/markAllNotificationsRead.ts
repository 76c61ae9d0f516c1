import { markAllNotificationsReadInput, type NotificationsChangedOutput } from '@rafflewin/domain';
import { requireCustomer } from '../lib/access';
import { validatedOnCall } from '../lib/callable';
import { db } from '../lib/firebase';
import { markAllNotificationsRead as markAll } from '../services/notifications/bulk';

/**
 * Mark all as read on /account/notifications: the server pages through the caller's unread
 * notifications, so the browser never has to read them all first.
 */
export const markAllNotificationsRead = validatedOnCall(
  markAllNotificationsReadInput,
  async (_input, request): Promise<NotificationsChangedOutput> => {
    const { uid } = await requireCustomer(request);
    return { count: await markAll(db, uid) };
  },
);
