import { z } from 'zod';

/** `deleteAllNotifications` (signed-in customers): deletes every notification of the caller. */
export const deleteAllNotificationsInput = z.object({}).strict();
export type DeleteAllNotificationsInput = z.infer<typeof deleteAllNotificationsInput>;
