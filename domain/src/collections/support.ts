import { z } from 'zod';

export const supportTicketsCollection = 'supportTickets';
export const supportMessagesPath = (ticketId: string) =>
  `${supportTicketsCollection}/${ticketId}/messages`;

export const SUPPORT_STATUSES = ['open', 'in_progress', 'replied', 'closed'] as const;
export const SUPPORT_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
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
  lastMessage: z.string().max(SUPPORT_LIMITS.messageMax),
  lastMessageAt: z.date(),
  /** Messages from support the customer has not read. */
  unreadCount: z.number().int().nonnegative(),
  /** Messages from the customer support has not read. */
  adminUnreadCount: z.number().int().nonnegative(),
  createdAt: z.date(),
});
export type SupportTicketData = z.infer<typeof supportTicketSchema>;
export type SupportTicket = SupportTicketData & { id: string };

export const SENDER_TYPES = ['admin', 'user'] as const;

/** `supportTickets/{id}/messages/{mid}`: the owner or an admin adds messages. */
export const supportMessageSchema = z.object({
  message: z.string().min(1).max(SUPPORT_LIMITS.messageMax),
  senderType: z.enum(SENDER_TYPES),
  senderId: z.string(),
  createdAt: z.date(),
});
export type SupportMessageData = z.infer<typeof supportMessageSchema>;
export type SupportMessage = SupportMessageData & { id: string };
