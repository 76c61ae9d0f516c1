import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { deleteTicket as removeTicket } from '../services/tickets/changeTickets';

/** Manage Tickets → Delete (administrators): the number goes back to the raffle's pool. */
export const deleteTicket = onCallable(CALLABLES.deleteTicket, async (input, admin) => {
  await removeTicket(db, admin, input.ticketId);
  return { ticketId: input.ticketId };
});
