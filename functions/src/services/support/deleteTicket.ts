import {
  ShopError,
  SUPPORT_MESSAGES,
  notificationsPath,
  supportMessagesPath,
  type DeleteSupportTicketOutput,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import type { Caller } from '../../lib/access';
import { deleteInPages } from '../../lib/pagedWrites';
import { recordAudit } from '../admin/audit';
import { supportTicketRef } from '../../lib/collections';

/**
 * Deletes a whole conversation (administrators): its messages, in batches; then the ticket
 * with its audit entry, in one transaction; then any message written meanwhile and the
 * owner's notifications that link to it. Once the ticket is gone nobody can add messages
 * (the rules require it), and a retry after a failure part-way completes the work.
 */
export async function deleteSupportTicket(
  db: Firestore,
  admin: Caller,
  ticketId: string,
  now = new Date(),
): Promise<DeleteSupportTicketOutput> {
  const ticketRef = supportTicketRef(db, ticketId);
  const messages = db.collection(supportMessagesPath(ticketId));
  if (!(await ticketRef.get()).exists) {
    throw new ShopError('not-found', SUPPORT_MESSAGES.ticketNotFound);
  }
  let messagesDeleted = await deleteInPages(db, messages);
  const ownerId = await db.runTransaction(async (tx) => {
    const ticket = (await tx.get(ticketRef)).data();
    if (!ticket) throw new ShopError('not-found', SUPPORT_MESSAGES.ticketNotFound);
    tx.delete(ticketRef);
    const { id: _id, ...stored } = ticket;
    recordAudit(
      db,
      tx,
      admin,
      {
        action: 'supportTicket.delete',
        target: ticketRef.path,
        before: { ...stored, messagesDeleted },
        after: null,
      },
      now,
    );
    return ticket.userId;
  });
  messagesDeleted += await deleteInPages(db, messages);
  if (ownerId) {
    await deleteInPages(
      db,
      db.collection(notificationsPath(ownerId)).where('supportTicketId', '==', ticketId),
    );
  }
  return { messagesDeleted };
}
