import { z } from 'zod';
import { penceSchema } from '../fields';
import { rafflePath } from './paths';
import { RAFFLE_CATEGORIES } from './raffleCategories';

export const ticketsCollection = 'tickets';

/** What a ticket remembers of its raffle, so My Tickets needs no extra reads. */
export const raffleSnapshotSchema = z.object({
  name: z.string().max(120),
  category: z.enum(RAFFLE_CATEGORIES),
  imageUrl: z.string().max(2048),
  endDate: z.date(),
  ticketPrice: penceSchema,
});
export type RaffleSnapshot = z.infer<typeof raffleSnapshotSchema>;

export const TICKET_STATUSES = ['active', 'void'] as const;

/** `tickets/{raffleId_number}`: read by its owner and admins; written by functions only. */
export const ticketSchema = z.object({
  userId: z.string(),
  raffleId: z.string(),
  ticketNumber: z.number().int().positive(),
  orderId: z.string(),
  purchaseDate: z.date(),
  raffle: raffleSnapshotSchema,
  /**
   * False once the draw has left the ticket out (its skill question was answered wrongly).
   * Not set before the draw, so a ticket never tells whether its answer was right while the
   * question can still be tried again (see `ineligiblePath`).
   */
  eligible: z.boolean().optional(),
  status: z.enum(TICKET_STATUSES),
  /**
   * What this ticket cost its buyer: its share of its order line, bundles taken off
   * (bundles.ts `ticketShares`), what a refund of it gives back. Absent on tickets from
   * before bundles, which cost the raffle snapshot's `ticketPrice`.
   */
  paidPrice: penceSchema.optional(),
  /** Set by the draw on the winning ticket. */
  won: z.boolean().optional(),
  /**
   * Whether the ticket was issued to an administrator or staff (their claims when fulfilment
   * issued it). The draw leaves out the tickets issued to staff, and judges no other by a claim
   * granted since: a customer made staff just before the close and a customer again after it
   * keeps their paid entries, and staff demoted before the close stay out (they knew the shop
   * from inside when they entered). Absent on tickets from before it was recorded: `staffAtIssue`.
   */
  issuedToStaff: z.boolean().optional(),
  /** Before `issuedToStaff`: set (true) on a ticket issued to staff; no longer written. */
  boughtAsStaff: z.literal(true).optional(),
  /** Set by an administrator's edit of its number or purchase date; absent before any. */
  updatedAt: z.date().optional(),
});
export type TicketData = z.infer<typeof ticketSchema>;
export type Ticket = TicketData & { id: string };

/**
 * Whether a ticket was issued to an administrator or staff, as recorded when it was issued.
 * Null for a ticket from before every ticket recorded it (`boughtAsStaff` marked only staff's):
 * the draw then judges it by its holder's claims at the close, as it judged every ticket then.
 */
export function staffAtIssue(
  ticket: Pick<TicketData, 'issuedToStaff' | 'boughtAsStaff'>,
): boolean | null {
  return ticket.issuedToStaff ?? (ticket.boughtAsStaff ? true : null);
}

/**
 * `raffles/{id}/ineligible/{ticketNumber}`: the tickets whose skill question was answered
 * wrongly, which the draw leaves out. Written by fulfilment; administrators read; customers
 * never (their own tickets say nothing until the draw marks them).
 */
export const ineligiblePath = (raffleId: string) => `${rafflePath(raffleId)}/ineligible`;
export const ineligibleTicketSchema = z.object({
  ticketNumber: z.number().int().positive(),
  reason: z.literal('wrong-answer'),
  recordedAt: z.date(),
});
export type IneligibleTicket = z.infer<typeof ineligibleTicketSchema>;

/**
 * `raffles/{id}/entries/{ticketNumber}`: the public projection of a ticket for the Entry
 * List ("John D."), readable by signed-in users. The document id is the ticket number,
 * which makes numbers unique per raffle.
 */
export const entrySchema = z.object({
  ticketNumber: z.number().int().positive(),
  holderName: z.string().max(80),
  category: z.enum(RAFFLE_CATEGORIES),
});
export type EntryData = z.infer<typeof entrySchema>;
export type Entry = EntryData & { id: string };
