import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { setSupportTicketClosed as setClosed } from '../services/support/reply';

/** Closes a resolved conversation or reopens it (administrators, audited). */
export const setSupportTicketClosed = onCallable(
  CALLABLES.setSupportTicketClosed,
  async ({ ticketId, closed }, admin) => ({
    id: ticketId,
    status: await setClosed(db, admin, ticketId, closed),
  }),
);
