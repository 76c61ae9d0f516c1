import {
  COMPLAINT_COMPLEX_RESOLVE_WORKING_DAYS,
  SUPPORT_LIMITS,
  COMPLAINT_ACKNOWLEDGE_HOURS,
  MESSAGE_HANDLING_TIMES,
  COMPLAINT_RESOLVE_WORKING_DAYS,
  addWorkingDays,
  clipText,
  formatLongDate,
  mailCollection,
  supportMessagesPath,
  supportSearchTerms,
  supportTicketsCollection,
  type SupportTicketSubmission,
  type SubmitSupportTicketOutput,
  type SupportTicketData,
} from '@rafflewin/domain';
import { randomBytes } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { profileRef } from '../../lib/collections';
import { queuedMail, SUPPORT_SIGNATURE } from '../mail/templates';

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A reference people can read out: RW- and eight characters without 0/O or 1/I. */
export function supportReference(): string {
  const bytes = randomBytes(8);
  return `RW-${[...bytes].map((b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join('')}`;
}

/**
 * Who a signed-in customer writes as: the account's address and its full name (null when the
 * profile has none, and the form's name is used). Null for an account being deleted (from
 * another tab, say) or whose profile is gone: its ticket would be left behind, under its id,
 * by the deletion's sweep of its conversations, so it is a guest's.
 */
export async function contactAccount(
  db: Firestore,
  uid: string,
  email: string,
): Promise<{ uid: string; email: string; name: string | null } | null> {
  const profile = (await profileRef(db, uid).get()).data();
  if (!profile || profile.deleting === true) return null;
  const whole = [profile?.firstName, profile?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  // Two names of the profile's longest make one a character longer than a ticket's name.
  const name = clipText(whole, SUPPORT_LIMITS.nameMax).trim();
  return { uid, email: email.toLowerCase(), name: name || null };
}

/**
 * Opens a support conversation from the contact form: the ticket, its first message and an
 * acknowledgement e-mail with the reference, in one batch.
 */
export async function openSupportTicket(
  db: Firestore,
  input: SupportTicketSubmission,
  userId: string | null,
  now = new Date(),
): Promise<SubmitSupportTicketOutput> {
  const ticketRef = db.collection(supportTicketsCollection).doc();
  const reference = supportReference();
  const email = input.email.toLowerCase();
  const ticket: SupportTicketData = {
    userId,
    name: input.name,
    email,
    subject: input.subject,
    status: 'open',
    closedAt: null,
    // Complaints are answered first: they carry deadlines (About page).
    priority: input.complaint ? 'high' : 'normal',
    reference,
    isComplaint: input.complaint,
    acknowledgeBy: input.complaint
      ? new Date(now.getTime() + COMPLAINT_ACKNOWLEDGE_HOURS * 60 * 60 * 1000)
      : null,
    resolveBy: input.complaint ? addWorkingDays(now, COMPLAINT_RESOLVE_WORKING_DAYS) : null,
    lastMessage: input.message,
    lastMessageAt: now,
    unreadCount: 0,
    adminUnreadCount: 1,
    searchTerms: supportSearchTerms({ ...input, email, reference }),
    createdAt: now,
  };
  const batch = db.batch();
  batch.create(ticketRef, ticket);
  batch.create(db.collection(supportMessagesPath(ticketRef.id)).doc(), {
    message: input.message,
    senderType: 'user',
    senderId: userId ?? 'guest',
    createdAt: now,
    // The ticket above already counts it: the message trigger leaves it alone.
    countedAt: now,
  });
  // Only our own words: a guest's name and subject are whatever the sender typed, and the
  // address may be anyone's, so nothing from the form is repeated to it.
  const [days, complexDays] = [
    COMPLAINT_RESOLVE_WORKING_DAYS,
    COMPLAINT_COMPLEX_RESOLVE_WORKING_DAYS,
  ];
  const text = ticket.resolveBy
    ? `Hello,\n\nWe have received your complaint. Your reference is ${reference}. We will ` +
      `resolve it by ${formatLongDate(ticket.resolveBy)} (${days} working days; if your case ` +
      `is complex we will tell you, and resolve it within ${complexDays} working days).\n\n` +
      SUPPORT_SIGNATURE
    : `Hello,\n\nThank you for contacting us. Your reference is ${reference}. ` +
      `${MESSAGE_HANDLING_TIMES}\n\n${SUPPORT_SIGNATURE}`;
  batch.create(
    db.collection(mailCollection).doc(`support-${ticketRef.id}`),
    queuedMail(ticket.email, `We received your message (${reference})`, text, null, now),
  );
  await batch.commit();
  return { ticketId: ticketRef.id, reference };
}
