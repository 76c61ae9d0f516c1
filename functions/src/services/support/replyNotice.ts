import {
  SHOP_PAGES,
  mailCollection,
  truncateText,
  type SupportMessage,
  type SupportTicket,
  SHOP_NAME_PLACEHOLDER,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { queuedMail, SUPPORT_SIGNATURE } from '../mail/templates';
import { notifyUser } from '../notifications/notify';
import { siteUrl } from '../auth/links';

/** How much of the reply the in-app notification quotes (the e-mail has all of it). */
const EXCERPT_LENGTH = 200;

function isAlreadyExists(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 6;
}

/**
 * Tells the customer that support replied: in the app (linked to the conversation) and by
 * e-mail when their preferences allow, or, for a guest who wrote through the contact form
 * without an account, by e-mail only, to the address they gave. Ids derive from the message,
 * so running it again sends nothing twice.
 */
export async function noticeOfReply(
  db: Firestore,
  ticket: SupportTicket,
  reply: SupportMessage,
  now = new Date(),
): Promise<void> {
  if (ticket.userId) {
    const subject = `Re: ${ticket.subject} (${ticket.reference})`;
    const greeting = `Hello ${ticket.name},\n\nOur support team has replied to your message "${ticket.subject}" (reference ${ticket.reference}):\n\n${reply.message}\n\n`;
    const link = `${siteUrl()}${SHOP_PAGES.supportConversation(ticket.id)}`;
    await notifyUser(
      db,
      ticket.userId,
      {
        type: 'account',
        kind: 'support',
        title: 'New reply to your support ticket',
        message: `Support replied to "${ticket.subject}": ${truncateText(reply.message, EXCERPT_LENGTH).text}`,
        supportTicketId: ticket.id,
      },
      {
        id: `support-reply-${reply.id}`,
        email: {
          subject,
          text: `${greeting}Read and answer it in your account: ${link}\n\n${SUPPORT_SIGNATURE}`,
        },
      },
      now,
    );
    return;
  }
  // A guest's name and subject are whatever the sender typed, and the address may be anyone's:
  // as in the acknowledgement (openSupportTicket), only our own words and support's reply.
  const subject = `Re: your message to ${SHOP_NAME_PLACEHOLDER} (${ticket.reference})`;
  const text =
    `Hello,\n\nOur support team has replied to your message (reference ${ticket.reference}):` +
    `\n\n${reply.message}\n\nTo answer, send us a message from ${siteUrl()}/contact quoting ` +
    `your reference.\n\n${SUPPORT_SIGNATURE}`;
  await db
    .collection(mailCollection)
    .doc(`support-reply-${reply.id}`)
    .create(queuedMail(ticket.email, subject, text, null, now))
    .catch((error: unknown) => {
      if (!isAlreadyExists(error)) throw error;
    });
}
