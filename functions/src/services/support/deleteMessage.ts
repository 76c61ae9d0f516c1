import { ShopError, SUPPORT_MESSAGES, notificationsPath } from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import type { Caller } from '../../lib/access';
import { recordAudit } from '../admin/audit';
import { supportMessagesRef, supportTicketRef } from '../../lib/collections';

/**
 * Deletes one message of a conversation (administrators), with its audit entry, in one
 * transaction that first checks the message still exists. When it was the latest message the
 * ticket's preview falls back to the one before it, and the customer's notification of a
 * deleted reply goes too (it quotes the reply). Unread counters are left alone: the
 * administrator deleting it has seen it, and the customer's count clears when they open the
 * conversation.
 */
export async function deleteSupportMessage(
  db: Firestore,
  admin: Caller,
  ticketId: string,
  messageId: string,
  now = new Date(),
): Promise<void> {
  const ticketRef = supportTicketRef(db, ticketId);
  const messages = supportMessagesRef(db, ticketId);
  const messageRef = messages.doc(messageId);
  await db.runTransaction(async (tx) => {
    const [ticket, message, latest] = await Promise.all([
      tx.get(ticketRef),
      tx.get(messageRef),
      tx.get(messages.orderBy('createdAt', 'desc').limit(2)),
    ]);
    if (!message.exists) throw new ShopError('not-found', SUPPORT_MESSAGES.messageNotFound);
    tx.delete(messageRef);
    const ownerId = ticket.data()?.userId;
    if (ownerId && message.data()?.senderType === 'admin') {
      tx.delete(db.collection(notificationsPath(ownerId)).doc(`support-reply-${messageId}`));
    }
    if (ticket.exists && latest.docs[0]?.id === messageId) {
      const previous = latest.docs[1];
      tx.update(
        ticketRef,
        previous
          ? { lastMessage: previous.data().message, lastMessageAt: previous.data().createdAt }
          : { lastMessage: '' },
      );
    }
    recordAudit(
      db,
      tx,
      admin,
      {
        action: 'supportMessage.delete',
        target: messageRef.path,
        before: message.data() ?? null,
        after: null,
      },
      now,
    );
  });
}
