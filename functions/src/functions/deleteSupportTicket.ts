import { deleteSupportTicketInput } from '@rafflewin/domain';
import { adminOnCall } from '../lib/callable';
import { db } from '../lib/firebase';
import { deleteSupportTicket as deleteTicket } from '../services/support/deleteTicket';

/** Deletes a whole support conversation and its messages (administrators, audited). */
export const deleteSupportTicket = adminOnCall(
  deleteSupportTicketInput,
  async ({ ticketId }, admin) => deleteTicket(db, admin, ticketId),
);
