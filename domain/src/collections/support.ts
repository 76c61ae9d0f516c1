import { z } from 'zod';
import { idSchema } from '../fields';
import { formatCount } from '../money';
import { characters } from '../text';

export const supportTicketsCollection = 'supportTickets';
export const supportTicketPath = (ticketId: string) => `${supportTicketsCollection}/${ticketId}`;
export const supportMessagesPath = (ticketId: string) =>
  `${supportTicketsCollection}/${ticketId}/messages`;

export const SUPPORT_STATUSES = ['open', 'in_progress', 'replied', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
export const SUPPORT_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type SupportPriority = (typeof SUPPORT_PRIORITIES)[number];
export const SUPPORT_LIMITS = { subjectMax: 200, messageMax: 5000, nameMax: 120 } as const;

/**
 * `supportTickets/{id}`: read by its owner and admins. Created by the contact callable
 * (guests too, with a null userId); counters and status are kept by functions.
 */
export const supportTicketSchema = z.object({
  userId: z.string().nullable(),
  name: z.string().max(SUPPORT_LIMITS.nameMax),
  email: z.string().max(320),
  subject: z.string().max(SUPPORT_LIMITS.subjectMax),
  status: z.enum(SUPPORT_STATUSES),
  priority: z.enum(SUPPORT_PRIORITIES),
  /** Complaint reference shown to the customer and admins. */
  reference: z.string(),
  /** A complaint, with the deadlines of the About page (visible to administrators). */
  isComplaint: z.boolean().default(false),
  acknowledgeBy: z.date().nullable().default(null),
  resolveBy: z.date().nullable().default(null),
  /** When support closed it (resolved); cleared when it reopens. */
  closedAt: z.date().nullable().default(null),
  lastMessage: z.string().max(SUPPORT_LIMITS.messageMax),
  lastMessageAt: z.date(),
  /** Messages from support the customer has not read. */
  unreadCount: z.number().int().nonnegative(),
  /** Messages from the customer support has not read. */
  adminUnreadCount: z.number().int().nonnegative(),
  /**
   * Lower-cased terms the admin inbox searches with `array-contains` (Firestore has no
   * substring search): the e-mail, the reference and prefixes of the words of the subject,
   * the name and the e-mail's local part. See `supportSearchTerms`.
   */
  searchTerms: z.array(z.string()).default([]),
  createdAt: z.date(),
});
export type SupportTicketData = z.infer<typeof supportTicketSchema>;
export type SupportTicket = SupportTicketData & { id: string };

export const SENDER_TYPES = ['admin', 'user'] as const;
export type SenderType = (typeof SENDER_TYPES)[number];

/** `supportTickets/{id}/messages/{mid}`: the owner or an admin adds messages. */
export const supportMessageSchema = z.object({
  message: z.string().min(1).max(SUPPORT_LIMITS.messageMax),
  senderType: z.enum(SENDER_TYPES),
  /**
   * The customer's account on their own messages ('guest' on a guest's first message). Support's
   * replies name no administrator: the customer reads this document, and the spec's message has
   * the sender's type alone (the audit log says which administrator replied).
   */
  senderId: z.string().optional(),
  createdAt: z.date(),
  /**
   * Set by functions once the ticket's last message, counters and status include this
   * message (the trigger's idempotency mark); absent on a message just sent.
   */
  countedAt: z.date().optional(),
});
export type SupportMessageData = z.infer<typeof supportMessageSchema>;
export type SupportMessage = SupportMessageData & { id: string };

/** Support conversations' messages. */
export const SUPPORT_MESSAGES = {
  subtitle: 'View and manage your support conversations',
  noTickets: "You haven't created any support tickets yet.",
  noMessages: 'No messages yet. Start the conversation below.',
  notFoundScreen: 'Support ticket not found',
  ticketNotFound: 'Ticket not found',
  loadTicketFailed: 'Failed to load ticket details',
  loadMessagesFailed: 'Failed to load messages',
  sendFailed: (reason: string) => `Failed to send message: ${reason}`,
  sent: 'Message sent successfully',
  messageTooLong: `Messages can be at most ${formatCount(SUPPORT_LIMITS.messageMax)} characters`,
  messageNotFound: 'Message not found. The conversation may have been updated.',
  deleteMessageFailed: 'Failed to delete message',
  deleteConversationFailed: 'Failed to delete conversation',
  messageDeleted: 'Message deleted successfully',
  conversationDeleted: 'Conversation deleted successfully',
  closed: 'Conversation closed',
  reopened: 'Conversation reopened',
  closeFailed: 'Failed to update the conversation',
  confirmDeleteMessage:
    'Are you sure you want to delete this message? This action cannot be undone.',
  confirmDeleteConversation:
    'Are you sure you want to delete this entire conversation? This action cannot be undone and will delete all messages and the ticket.',
  loadTicketsFailed: 'Failed to load support tickets',
  /** The spec's words as they stand ("1 more messages" too). */
  moreMessages: (n: number) => `Scroll to see ${n} more messages`,
  previewCaptions: [
    'This preview shows how the conversation appears on mobile devices',
    'Messages update as you type.',
    'Only showing 6 messages at a time. Scroll to see more.',
  ],
} as const;

/** Support screens' constants. */
export const SUPPORT_CONSTANTS = {
  /** Tickets per page of My Support Tickets and of the admin inbox. */
  ticketsPageSize: 20,
  /** Latest messages shown in a conversation; "Show earlier messages" adds this many more. */
  messagesPageSize: 100,
  phonePreviewMessages: 6,
  phonePreviewWidthPx: 350,
  /** The message box's maximum height. */
  messageBoxMaxHeight: '60vh',
  /** After "Conversation deleted successfully", back to the list. */
  redirectAfterDeleteMs: 1500,
} as const;

/** A message typed in a conversation: trimmed, not blank, within the rules' limit. */
export const supportMessageInput = z.object({
  message: z.string().trim().min(1).max(SUPPORT_LIMITS.messageMax, SUPPORT_MESSAGES.messageTooLong),
});

/** A message into a named conversation: what either side's callable takes. */
export const ticketMessageInput = z
  .object({ ticketId: idSchema, message: supportMessageInput.shape.message })
  .strict();

/**
 * The ticket's status after a message: an admin reply makes it `replied`; a customer writing
 * after a reply makes it `in_progress` again; a customer writing on a closed ticket reopens it
 * (`open`, so it is back in the admin inbox's Open filter).
 */
export function statusAfterMessage(status: SupportStatus, sender: SenderType): SupportStatus {
  if (sender === 'admin') return 'replied';
  if (status === 'replied') return 'in_progress';
  if (status === 'closed') return 'open';
  return status;
}

/** The admin inbox's badge: any other status reads as Active. */
export function supportStatusLabel(status: string): string {
  if (status === 'open') return 'Open';
  if (status === 'in_progress') return 'In Progress';
  if (status === 'replied') return 'Replied';
  if (status === 'closed') return 'Closed';
  return 'Active';
}

/** The conversation's pill: "Open" when open, "Closed" once resolved, otherwise "Active". */
export function conversationStatusLabel(status: string): 'Open' | 'Active' | 'Closed' {
  if (status === 'closed') return 'Closed';
  return status === 'open' ? 'Open' : 'Active';
}

/** The admin inbox's status filters: Active = in progress or replied. */
export const SUPPORT_FILTERS = [
  { key: 'all', label: 'All', statuses: null },
  { key: 'open', label: 'Open', statuses: ['open'] },
  { key: 'active', label: 'Active', statuses: ['in_progress', 'replied'] },
] as const satisfies ReadonlyArray<{
  key: string;
  label: string;
  statuses: readonly SupportStatus[] | null;
}>;
export type SupportFilterKey = (typeof SUPPORT_FILTERS)[number]['key'];

const SEARCH_WORD_MAX = 20;
const SEARCH_PREFIX_MIN = 2;
const SEARCH_WORDS_MAX = 40;

/** Lower-cased words without accents: "Café-Bar" → ["cafe", "bar"]. */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * The words a ticket is found by, as whole characters (a prefix never ends inside one: 𠮷, an
 * emoji): each cut to its first 20, those of fewer than 2 left out.
 */
const searchableWords = (words: string[]): string[][] =>
  words
    .map((word) => characters(word).slice(0, SEARCH_WORD_MAX))
    .filter((word) => word.length >= SEARCH_PREFIX_MIN);

/**
 * What a ticket can be found by: its e-mail and reference exactly (the reference also without
 * "RW-"), and every prefix (2 to 20 letters) of the words of its subject, the customer's name
 * and the e-mail's local part, so "deliv" finds "Delivery".
 */
export function supportSearchTerms(ticket: {
  subject: string;
  name: string;
  email: string;
  reference: string;
}): string[] {
  const terms = new Set<string>();
  const email = ticket.email.trim().toLowerCase();
  if (email) terms.add(email);
  const reference = ticket.reference.trim().toLowerCase();
  if (reference) {
    terms.add(reference);
    terms.add(reference.replace(/^rw-/, ''));
  }
  const words = new Set(
    searchableWords([
      ...searchWords(ticket.subject),
      ...searchWords(ticket.name),
      ...searchWords(email.split('@')[0] ?? ''),
    ]).map((word) => word.join('')),
  );
  for (const word of [...words].slice(0, SEARCH_WORDS_MAX).map(characters)) {
    for (let size = SEARCH_PREFIX_MIN; size <= word.length; size += 1)
      terms.add(word.slice(0, size).join(''));
  }
  return [...terms];
}

/**
 * The terms a search box's text must all match, most selective (longest) first: an e-mail
 * address or a reference as one term, otherwise each word (one-letter words are ignored).
 * The inbox queries Firestore with the first term and checks the others on the page read.
 */
export function supportSearchQuery(text: string): string[] {
  const query = text.trim().toLowerCase();
  if (!query) return [];
  if (query.includes('@') && !/\s/.test(query)) return [query];
  if (/^rw-[a-z0-9]{8}$/.test(query)) return [query];
  const words = new Set(searchableWords(searchWords(query)).map((word) => word.join('')));
  return [...words].sort((a, b) => b.length - a.length);
}
