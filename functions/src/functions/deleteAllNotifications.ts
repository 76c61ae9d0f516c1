import { CALLABLES, type NotificationsChangedOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { deleteAllNotifications as deleteAll } from '../services/notifications/bulk';

/** Delete all on /account/notifications (after its confirm step): every one of the caller's. */
export const deleteAllNotifications = onCallable(
  CALLABLES.deleteAllNotifications,
  async (_input, caller): Promise<NotificationsChangedOutput> => {
    const { uid } = caller;
    return { count: await deleteAll(db, uid) };
  },
);
