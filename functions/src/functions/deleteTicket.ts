import { deleteTicketInput } from '@rafflewin/domain';
import { adminOnCall } from '../lib/callable';
import { db } from '../lib/firebase';
import { deleteTicket as removeTicket } from '../services/tickets/changeTickets';

/** Manage Tickets → Delete (administrators): the number goes back to the raffle's pool. */
export const deleteTicket = adminOnCall(deleteTicketInput, async (input, admin) => {
  await removeTicket(db, admin, input.ticketId);
  return { ticketId: input.ticketId };
});
