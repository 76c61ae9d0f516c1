import { z } from 'zod';
import { answer, defineCallable } from './contract';
import type { NotificationsChangedOutput } from './markAllNotificationsRead';

/** `deleteAllNotifications` (signed-in customers): deletes every notification of the caller. */
export const deleteAllNotificationsInput = z.object({}).strict();
export type DeleteAllNotificationsInput = z.infer<typeof deleteAllNotificationsInput>;

export const deleteAllNotificationsContract = defineCallable({
  name: 'deleteAllNotifications',
  access: 'customer',
  input: deleteAllNotificationsInput,
  output: answer<NotificationsChangedOutput>(),
});
