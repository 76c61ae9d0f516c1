import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { replyToSupportTicket as reply } from '../services/support/reply';

/** Support's reply in a conversation (administrators, audited). */
export const replyToSupportTicket = onCallable(
  CALLABLES.replyToSupportTicket,
  async ({ ticketId, message }, admin) => ({ id: await reply(db, admin, ticketId, message) }),
);
