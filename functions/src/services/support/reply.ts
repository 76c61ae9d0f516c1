import {
  RATE_LIMITS,
  ShopError,
  SUPPORT_MESSAGES,
  type SupportMessageData,
  type SupportStatus,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import type { Caller } from '../../lib/access';
import { supportMessagesRef, supportTicketRef } from '../../lib/collections';
import { recordAudit } from '../admin/audit';
import { enforceRateLimit } from '../rateLimit';

/**
 * Support's reply: the message, written as support by the administrator, with its audit entry,
 * in one transaction that checks the conversation still exists. The message trigger counts it,
 * moves the status on and tells the customer. Returns the message's id.
 */
export async function replyToSupportTicket(
  db: Firestore,
  admin: Caller,
  ticketId: string,
  text: string,
  now = new Date(),
): Promise<string> {
  const ticketRef = supportTicketRef(db, ticketId);
  const messageRef = supportMessagesRef(db, ticketId).doc();
  await db.runTransaction(async (tx) => {
    if (!(await tx.get(ticketRef)).exists) {
      throw new ShopError('not-found', SUPPORT_MESSAGES.ticketNotFound);
    }
    // No administrator's account id where the customer reads: the audit entry names them.
    const message: SupportMessageData = { message: text, senderType: 'admin', createdAt: now };
    tx.create(messageRef, message);
    recordAudit(
      db,
      tx,
      admin,
      { action: 'supportMessage.create', target: messageRef.path, before: null, after: message },
      now,
    );
  });
  return messageRef.id;
}

/**
 * The customer's message in their own conversation, a few at a time: a conversation that is
 * not theirs (or is gone) is not found, whoever's it is. The message trigger counts it and
 * reopens a closed conversation. Returns the message's id.
 */
export async function sendSupportMessage(
  db: Firestore,
  caller: Caller,
  ticketId: string,
  text: string,
  now = new Date(),
): Promise<string> {
  const ticketRef = supportTicketRef(db, ticketId);
  const refuseUnlessCallers = (ticket: { userId: string | null } | undefined) => {
    if (ticket?.userId !== caller.uid) {
      throw new ShopError('not-found', SUPPORT_MESSAGES.ticketNotFound);
    }
  };
  refuseUnlessCallers((await ticketRef.get()).data());
  await enforceRateLimit(db, supportMessageLimitKey(caller.uid), RATE_LIMITS.supportMessage, now);
  const messageRef = supportMessagesRef(db, ticketId).doc();
  await db.runTransaction(async (tx) => {
    // Deleted meanwhile (by support, or with the account): no message lands in nothing.
    refuseUnlessCallers((await tx.get(ticketRef)).data());
    const message: SupportMessageData = {
      message: text,
      senderType: 'user',
      senderId: caller.uid,
      createdAt: now,
    };
    tx.create(messageRef, message);
  });
  return messageRef.id;
}

/** The rate-limit key of an account's support messages (deleted with the account). */
export const supportMessageLimitKey = (uid: string) => `support-message:${uid}`;

/**
 * Closes a resolved conversation (a complaint's deadlines stop at `closedAt`) or reopens it,
 * audited. Closing a closed one, or reopening an open one, changes nothing but is answered.
 */
export async function setSupportTicketClosed(
  db: Firestore,
  admin: Caller,
  ticketId: string,
  closed: boolean,
  now = new Date(),
): Promise<SupportStatus> {
  const ticketRef = supportTicketRef(db, ticketId);
  return db.runTransaction(async (tx) => {
    const ticket = (await tx.get(ticketRef)).data();
    if (!ticket) throw new ShopError('not-found', SUPPORT_MESSAGES.ticketNotFound);
    if ((ticket.status === 'closed') === closed) return ticket.status;
    const status: SupportStatus = closed ? 'closed' : 'open';
    tx.update(ticketRef, { status, closedAt: closed ? now : null });
    recordAudit(
      db,
      tx,
      admin,
      {
        action: closed ? 'supportTicket.close' : 'supportTicket.reopen',
        target: ticketRef.path,
        before: { status: ticket.status },
        after: { status },
      },
      now,
    );
    return status;
  });
}
