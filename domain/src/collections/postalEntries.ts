import { z } from 'zod';
import { penceSchema } from '../fields';

/** `postalEntries/{id}`: every free postal entry an administrator recorded, and what became of it. */
export const postalEntriesCollection = 'postalEntries';
/**
 * `postalCredits/{raffleId}_{uid}`: a late postcard's credit was given (functions only); its
 * existence caps the credit at one per customer and raffle.
 */
export const postalCreditsCollection = 'postalCredits';
export const postalCreditId = (raffleId: string, uid: string) => `${raffleId}_${uid}`;

export const POSTAL_OUTCOMES = ['ticket', 'credit', 'refused'] as const;
export type PostalOutcome = (typeof POSTAL_OUTCOMES)[number];

export const postalEntrySchema = z.object({
  raffleId: z.string(),
  raffleName: z.string(),
  userId: z.string(),
  email: z.string(),
  fullName: z.string(),
  address: z.string(),
  phone: z.string(),
  /** When the postcard arrived (decides ticket, credit or refusal). */
  receivedAt: z.date(),
  recordedAt: z.date(),
  recordedBy: z.string(),
  outcome: z.enum(POSTAL_OUTCOMES),
  ticketNumber: z.number().int().positive().nullable(),
  orderId: z.string().nullable(),
  creditPence: penceSchema.nullable(),
  reason: z.string().nullable(),
  /** Null when the raffle asks no question. */
  answerCorrect: z.boolean().nullable(),
  accountCreated: z.boolean(),
});
export type PostalEntryData = z.infer<typeof postalEntrySchema>;
export type PostalEntry = PostalEntryData & { id: string };
