import { updateTicketInput, type UpdateTicketOutput } from '@rafflewin/domain';
import { adminOnCall } from '../lib/callable';
import { db } from '../lib/firebase';
import { changeTicket } from '../services/tickets/changeTickets';

/** Manage Tickets → Edit (administrators): a ticket's number (free in its raffle) and date. */
export const updateTicket = adminOnCall(
  updateTicketInput,
  (input, admin): Promise<UpdateTicketOutput> =>
    changeTicket(db, admin, { ...input, purchaseDate: new Date(input.purchaseDate) }),
);
