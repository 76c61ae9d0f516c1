import {
  ShopError,
  SUPPORT_MESSAGES,
  notificationsPath,
  type MarkSupportTicketReadOutput,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import type { Caller } from '../../lib/access';
import { writeInPages } from '../../lib/pagedWrites';
import { supportTicketRef } from '../../lib/collections';

/**
 * Someone opened a conversation: the owner's side (`unreadCount`) or support's side
 * (`adminUnreadCount`, for administrators) starts again at zero, and the owner's unread
 * notifications about the ticket are marked read. Anyone else is told the ticket does not
 * exist, so ids cannot be probed.
 */
export async function markSupportTicketRead(
  db: Firestore,
  caller: Caller,
  ticketId: string,
): Promise<MarkSupportTicketReadOutput> {
  const ticketRef = supportTicketRef(db, ticketId);
  const isOwner = await db.runTransaction(async (tx) => {
    const ticket = (await tx.get(ticketRef)).data();
    const owner = ticket?.userId === caller.uid;
    if (!ticket || (!owner && !caller.isAdmin)) {
      throw new ShopError('not-found', SUPPORT_MESSAGES.ticketNotFound);
    }
    const reset: Record<string, number> = {};
    if (owner && ticket.unreadCount !== 0) reset.unreadCount = 0;
    if (caller.isAdmin && ticket.adminUnreadCount !== 0) reset.adminUnreadCount = 0;
    if (Object.keys(reset).length > 0) tx.update(ticketRef, reset);
    return owner;
  });
  if (!isOwner) return { notificationsRead: 0 };
  const unread = db
    .collection(notificationsPath(caller.uid))
    .where('supportTicketId', '==', ticketId)
    .where('isRead', '==', false);
  const notificationsRead = await writeInPages(db, unread, (batch, ref) =>
    batch.update(ref, { isRead: true }),
  );
  return { notificationsRead };
}
