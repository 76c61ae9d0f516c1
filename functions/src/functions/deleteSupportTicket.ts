import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { deleteSupportTicket as deleteTicket } from '../services/support/deleteTicket';

/** Deletes a whole support conversation and its messages (administrators, audited). */
export const deleteSupportTicket = onCallable(
  CALLABLES.deleteSupportTicket,
  async ({ ticketId }, admin) => deleteTicket(db, admin, ticketId),
);
