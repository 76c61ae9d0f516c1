import { CALLABLES, type UpdateTicketOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { changeTicket } from '../services/tickets/changeTickets';

/** Manage Tickets → Edit (administrators): a ticket's number (free in its raffle) and date. */
export const updateTicket = onCallable(
  CALLABLES.updateTicket,
  (input, admin): Promise<UpdateTicketOutput> =>
    changeTicket(db, admin, { ...input, purchaseDate: new Date(input.purchaseDate) }),
);
