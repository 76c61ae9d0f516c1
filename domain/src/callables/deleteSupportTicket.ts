import { z } from 'zod';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';

/**
 * `deleteSupportTicket` (administrators, audited): deletes a whole conversation, its messages
 * and the customer's notifications that link to it.
 */
export const deleteSupportTicketInput = z.object({ ticketId: idSchema }).strict();
export type DeleteSupportTicketInput = z.infer<typeof deleteSupportTicketInput>;

export interface DeleteSupportTicketOutput {
  messagesDeleted: number;
}

export const deleteSupportTicketContract = defineCallable({
  name: 'deleteSupportTicket',
  access: 'admin',
  input: deleteSupportTicketInput,
  output: answer<DeleteSupportTicketOutput>(),
});
