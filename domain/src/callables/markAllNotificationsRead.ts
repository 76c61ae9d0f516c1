import { z } from 'zod';
import { answer, defineCallable } from './contract';

/** `markAllNotificationsRead` (signed-in customers): every unread notification of the caller. */
export const markAllNotificationsReadInput = z.object({}).strict();
export type MarkAllNotificationsReadInput = z.infer<typeof markAllNotificationsReadInput>;

export interface NotificationsChangedOutput {
  /** How many notifications changed. */
  count: number;
}

export const markAllNotificationsReadContract = defineCallable({
  name: 'markAllNotificationsRead',
  access: 'customer',
  input: markAllNotificationsReadInput,
  output: answer<NotificationsChangedOutput>(),
});
