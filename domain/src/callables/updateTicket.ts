import { z } from 'zod';
import { changedSinceOpened } from '../editConflicts';
import { idSchema, isoDateTimeSchema, seenUpdatedAtSchema, ukDateTimeText } from '../fields';
import { answer, defineCallable } from './contract';

/** The Manage Tickets screen's messages. */
export const TICKET_ADMIN_MESSAGES = {
  notFound: 'Ticket not found',
  notActive: 'Only active tickets can be changed',
  numberInvalid: 'Ticket number must be a whole number of at least 1',
  numberTaken: (n: number) => `Ticket number ${n} is already taken in this raffle`,
  numberOutOfRange: (max: number) => `Ticket numbers in this raffle run from 1 to ${max}`,
  numberReserved: (n: number) =>
    `Ticket number ${n} cannot be used now: the free numbers near it are reserved by checkouts in progress`,
  /** Instant prizes: a winning ticket keeps its number, and no ticket is steered onto one. */
  onInstantPrize: (n: number) =>
    `Ticket ${n} is on an instant prize, so it cannot be moved or deleted: refund it instead`,
  /**
   * Deleting lets its holder enter again: an administrator's free entries, made and taken
   * back until one landed on a prize, would steer the prizes.
   */
  instantPrizeRaffle:
    'This raffle has instant prizes, so its tickets cannot be deleted before the draw: an entry taken back could be made again until it won a prize',
  toInstantPrize: (n: number) => `Number ${n} carries an instant prize: choose another number`,
  /**
   * A paid ticket is the record of a payment: deleting it would keep the money and leave
   * nothing to refund. Refunding it voids it and gives the money back.
   */
  paidRefused:
    'This ticket was paid for by card, so it cannot be deleted: refund it from its order instead',
  /** Paid with account credit: deleting the order gives the credit back. */
  creditRefused:
    'This ticket was paid for with account credit, so it cannot be deleted on its own: delete its order instead, which gives the credit back',
  /** A payment still writing its tickets (its order not yet written). */
  orderInProgress: 'This ticket’s order is still being completed: please try again in a minute',
  /** A refund of the ticket's order under way voids its tickets by id when Stripe answers. */
  refundInProgress:
    'A refund of this ticket’s order is under way: finish it (Refund again) before changing the ticket',
  /**
   * A cancelled raffle's refunds find its orders through their tickets, void ones included: a
   * ticket deleted before its order's refund is recorded would leave the money owed unfound.
   */
  cancellationRefundOwed:
    'This raffle was cancelled and this ticket’s order has not been refunded yet: cancel the raffle again to refund it, then delete the ticket',
  /** An edit made over a change saved since the form was filled (another tab or administrator). */
  changedSinceOpened: changedSinceOpened('This ticket'),
  dateRequired: 'Purchase date is required',
  dateInFuture: 'Purchase date cannot be in the future',
  deleteConfirm: 'Are you sure you want to delete this ticket? This action cannot be undone.',
  added: (n: number) => `Added ${n} ${n === 1 ? 'ticket' : 'tickets'}`,
  updated: 'Ticket updated successfully',
  deleted: 'Ticket deleted successfully',
  loadFailed: 'Failed to load tickets',
  /** The customers an e-mail search names could not be looked up. */
  fetchFailed: 'Failed to fetch tickets. Please try again later.',
  /** An e-mail search takes the first accounts whose address starts with the text. */
  customersCapped: (accounts: number) =>
    `Showing the tickets of the first ${accounts} accounts whose e-mail starts with this: type ` +
    'more of the address to find others.',
  addFailed: 'Failed to add tickets',
  updateFailed: 'Failed to update ticket',
  deleteFailed: 'Failed to delete ticket',
  exportFailed: 'Failed to export tickets',
  exportSelectRaffle: 'Please select a raffle to export',
  exportNone: 'No tickets found for the selected raffle',
} as const;

const ticketNumberSchema = z
  .number({ error: TICKET_ADMIN_MESSAGES.numberInvalid })
  .int(TICKET_ADMIN_MESSAGES.numberInvalid)
  .min(1, TICKET_ADMIN_MESSAGES.numberInvalid);

/**
 * `updateTicket` (administrators): gives a ticket another number (free in its raffle: unique
 * per raffle) and purchase date. The ticket's id follows its number, so the answer says the
 * new id.
 */
export const updateTicketInput = z
  .object({
    ticketId: idSchema,
    ticketNumber: ticketNumberSchema,
    purchaseDate: isoDateTimeSchema,
    /** The ticket's `updatedAt` (ms, null when it has none) as the form was filled. */
    seenUpdatedAt: seenUpdatedAtSchema,
  })
  .strict();
export type UpdateTicketInput = z.input<typeof updateTicketInput>;

/** The edit form: the date as typed in a datetime-local field. */
export const updateTicketFormSchema = updateTicketInput.extend({
  purchaseDate: ukDateTimeText(TICKET_ADMIN_MESSAGES.dateRequired),
});
export type UpdateTicketFormValues = z.input<typeof updateTicketFormSchema>;

export interface UpdateTicketOutput {
  ticketId: string;
}

export const updateTicketContract = defineCallable({
  name: 'updateTicket',
  access: 'admin',
  input: updateTicketInput,
  output: answer<UpdateTicketOutput>(),
});
