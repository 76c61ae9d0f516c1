import { deleteAllNotificationsInput, type NotificationsChangedOutput } from '@rafflewin/domain';
import { requireCustomer } from '../lib/access';
import { validatedOnCall } from '../lib/callable';
import { db } from '../lib/firebase';
import { deleteAllNotifications as deleteAll } from '../services/notifications/bulk';

/** Delete all on /account/notifications (after its confirm step): every one of the caller's. */
export const deleteAllNotifications = validatedOnCall(
  deleteAllNotificationsInput,
  async (_input, request): Promise<NotificationsChangedOutput> => {
    const { uid } = await requireCustomer(request);
    return { count: await deleteAll(db, uid) };
  },
);
