import { z } from 'zod';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';

/**
 * `deleteTicket` (administrators): removes a ticket, its public entry and its number from the
 * customer's order, and gives the number back to the raffle's pool.
 */
export const deleteTicketInput = z.object({ ticketId: idSchema }).strict();
export type DeleteTicketInput = z.infer<typeof deleteTicketInput>;

export const deleteTicketContract = defineCallable({
  name: 'deleteTicket',
  access: 'admin',
  input: deleteTicketInput,
  output: answer<{ ticketId: string }>(),
});
