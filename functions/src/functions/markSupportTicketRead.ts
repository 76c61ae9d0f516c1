import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { markSupportTicketRead as markRead } from '../services/support/markRead';

/**
 * Opening a conversation (its owner or an administrator): resets that side's unread counter
 * and marks the owner's notifications about it read. A read marker, not a change to the
 * conversation, so it is not audited.
 */
export const markSupportTicketRead = onCallable(
  CALLABLES.markSupportTicketRead,
  async ({ ticketId }, caller) => markRead(db, caller, ticketId),
);
