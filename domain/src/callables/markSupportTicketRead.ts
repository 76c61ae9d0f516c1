import { z } from 'zod';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';

/**
 * `markSupportTicketRead` (the ticket's owner or an administrator): opening a conversation
 * resets that side's unread counter; for the owner it also marks their unread notifications
 * about the ticket read. Counters are never written by browsers.
 */
export const markSupportTicketReadInput = z.object({ ticketId: idSchema }).strict();
export type MarkSupportTicketReadInput = z.infer<typeof markSupportTicketReadInput>;

export interface MarkSupportTicketReadOutput {
  /** Notifications about the ticket that were unread and now are read. */
  notificationsRead: number;
}

export const markSupportTicketReadContract = defineCallable({
  name: 'markSupportTicketRead',
  access: 'customer',
  input: markSupportTicketReadInput,
  output: answer<MarkSupportTicketReadOutput>(),
});
