import {
  parseDocument,
  statusAfterMessage,
  supportMessageSchema,
  supportMessagesPath,
  supportTicketPath,
  supportTicketSchema,
} from '@rafflewin/domain';
import type { DocumentReference, DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { noticeOfReply } from './replyNotice';

/**
 * Brings a ticket up to date with a new message, once: its last message and time (unless a
 * later message is already recorded), the unread counter of the side that did not write
 * (`unreadCount` for the customer when support writes, `adminUnreadCount` for support when
 * the customer does) and its status (see `statusAfterMessage`). A reply from support first
 * notifies the customer (idempotent by the message's id), so by the time their counter rises
 * the notification exists and opening the conversation marks it read. The message is then
 * marked `countedAt` in the same transaction as the counters, so a redelivered event changes
 * nothing. A message whose ticket or self is gone (deleted meanwhile) is ignored.
 */
export async function recordSupportMessage(
  db: Firestore,
  ticketId: string,
  messageId: string,
  now = new Date(),
): Promise<void> {
  const ticketRef = db.doc(supportTicketPath(ticketId));
  const messageRef = db.collection(supportMessagesPath(ticketId)).doc(messageId);
  const read = async (get: (ref: DocumentReference) => Promise<DocumentSnapshot>) => {
    const [ticketSnapshot, messageSnapshot] = await Promise.all([get(ticketRef), get(messageRef)]);
    if (!ticketSnapshot.exists || !messageSnapshot.exists) return null;
    return {
      ticket: parseDocument(supportTicketSchema, ticketSnapshot.data(), ticketId),
      message: parseDocument(supportMessageSchema, messageSnapshot.data(), messageId),
    };
  };

  const found = await read((ref) => ref.get());
  if (!found || found.message.countedAt) return;
  if (found.message.senderType === 'admin') {
    await noticeOfReply(db, found.ticket, found.message, now);
  }
  await db.runTransaction(async (tx) => {
    const current = await read((ref) => tx.get(ref));
    if (!current || current.message.countedAt) return;
    const { ticket, message } = current;
    const fromSupport = message.senderType === 'admin';
    const latest = message.createdAt.getTime() >= ticket.lastMessageAt.getTime();
    tx.update(ticketRef, {
      ...(latest
        ? {
            lastMessage: message.message,
            lastMessageAt: message.createdAt,
            status: statusAfterMessage(ticket.status, message.senderType),
            // A new message reopens a closed conversation.
            closedAt: null,
          }
        : {}),
      unreadCount: ticket.unreadCount + (fromSupport ? 1 : 0),
      adminUnreadCount: ticket.adminUnreadCount + (fromSupport ? 0 : 1),
    });
    tx.update(messageRef, { countedAt: now });
  });
}
