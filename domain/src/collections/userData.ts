import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../push';

export const NOTIFICATION_TYPES = ['raffle', 'win', 'account', 'system'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The longest a notification's title and message may be (the server clips what it writes). */
export const NOTIFICATION_LIMITS = { titleMax: 120, messageMax: 2000 } as const;

/** `users/{uid}/notifications/{id}`: the owner reads, marks read and deletes; functions create. */
export const notificationSchema = z.object({
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string().max(NOTIFICATION_LIMITS.titleMax),
  message: z.string().max(NOTIFICATION_LIMITS.messageMax),
  /** Set when the notification is about a support conversation. */
  supportTicketId: z.string().nullable(),
  /** A page of the shop it leads to (a draw's verification page), when it is not support. */
  link: z
    .string()
    .max(200)
    // A path of this shop (never `//host`), with at most one query parameter
    // (`/competitions?raffle=…`).
    .regex(/^\/(?!\/)[a-z0-9/_-]*(\?[a-z]+=[a-z0-9_-]+)?$/i)
    .nullish(),
  isRead: z.boolean(),
  createdAt: z.date(),
  /** What it is about, for the customer's channel choices (older notifications have none). */
  kind: z.enum(NOTIFICATION_KINDS).optional(),
  /** A copy of a send to all: its pushes go out with the send's pages, not one by one. */
  fanOut: z.boolean().optional(),
});
export type NotificationData = z.infer<typeof notificationSchema>;
export type Notification = NotificationData & { id: string };

/** `users/{uid}/savedRaffles/{raffleId}`: the owner saves and removes. */
export const savedRaffleSchema = z.object({
  raffleId: z.string().max(128),
  createdAt: z.date(),
});
export type SavedRaffleData = z.infer<typeof savedRaffleSchema>;
export type SavedRaffle = SavedRaffleData & { id: string };

/** `users/{uid}/paymentMethods/{id}`: the owner reads; functions write (a card saved at Stripe). */
export const paymentMethodSchema = z.object({
  provider: z.enum(['stripe']),
  stripePaymentMethodId: z.string(),
  brand: z.string().max(20),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int(),
  funding: z.enum(['credit', 'debit', 'prepaid', 'unknown']),
  isDefault: z.boolean(),
  createdAt: z.date(),
});
export type PaymentMethodData = z.infer<typeof paymentMethodSchema>;
export type PaymentMethod = PaymentMethodData & { id: string };

export const usernamesCollection = 'usernames';

/** `usernames/{lowercased}` → owner uid; keeps usernames unique. Functions only. */
export const usernameSchema = z.object({ uid: z.string() });
