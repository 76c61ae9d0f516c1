import { z } from 'zod';
import { formatPence } from '../money';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';

/** Order management → Refund: what the administrator and the customer read. */
export const ORDER_REFUND_MESSAGES = {
  notRefundable: 'Only paid card orders can be refunded here.',
  noTickets: 'Choose at least one ticket of this order that is still active.',
  notActive: 'Some of these tickets are not active tickets of this order. Reload and try again.',
  inProgress: 'A refund of some of these tickets is already under way.',
  /** The draw's entries are published: voiding one afterwards would change them. */
  drawn: 'This raffle has been drawn, so its tickets can no longer be refunded.',
  /** Cancelled: the cancellation refunds every ticket of the raffle itself. */
  cancelled:
    'This raffle has been cancelled: its cancellation refunds its tickets, so they cannot be refunded here.',
  failed: 'The refund could not be made at Stripe. Nothing was changed; please try again.',
  /**
   * Stopped after Stripe took the refund (or with no answer): pressing Refund again finishes
   * it, and the money is never refunded twice.
   */
  unfinished:
    'The refund did not finish: the money may already be on its way back. Press Refund again ' +
    'to finish it; it is never refunded twice.',
  /** Stripe says the payment was refunded already: in its dashboard, at the same moment. */
  refundedAtStripe:
    'This payment has already been refunded in Stripe: the order is now marked refunded and its tickets are void.',
  loadFailed: "Failed to load the order's tickets",
  refunded: (amount: number, tickets: number) =>
    `Refunded ${formatPence(amount)} for ${tickets} ${tickets === 1 ? 'ticket' : 'tickets'}`,
  /** After `refunded`, when the card part has no Stripe payment to go back to. */
  refundByHand: (amount: number) =>
    `No Stripe payment is on record: refund ${formatPence(amount)} to the customer by hand.`,
  customerTitle: 'Order refunded',
  customerMessage: (
    orderNumber: string,
    amount: number,
    credit: number,
    tickets: number,
    /** The card part is given back by a person (no Stripe payment on record). */
    byHand = false,
  ) =>
    [
      `${tickets} ${tickets === 1 ? 'ticket' : 'tickets'} of order ${orderNumber} ${tickets === 1 ? 'has' : 'have'} been refunded and ${tickets === 1 ? 'is' : 'are'} void, so ${tickets === 1 ? 'it' : 'they'} will not be in the draw.`,
      amount > 0 &&
        (byHand
          ? `We will refund ${formatPence(amount)} to you shortly.`
          : `${formatPence(amount)} has been refunded to your card; it can take 5 to 10 working days to appear.`),
      credit > 0 && `${formatPence(credit)} of account credit has been returned to your account.`,
    ]
      .filter(Boolean)
      .join(' '),
} as const;

/** A ticket's document id: `{raffleId}_{number}`. */
const ticketIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,128}_\d{1,9}$/, 'Unknown ticket');

/**
 * `refundOrder` (administrators): refunds a paid card order in full, or chosen tickets of it,
 * through Stripe's Refunds API. The tickets become void (out of the draw), the customer is told
 * in the app and by e-mail, and the refund is audited. Idempotent: the same tickets are refunded
 * once, however often it is asked.
 */
export const refundOrderInput = z
  .object({
    orderId: idSchema,
    /** Ticket ids of the order; none means every active ticket (a full refund). */
    ticketIds: z.array(ticketIdSchema).min(1).max(1000).optional(),
  })
  .strict();
export type RefundOrderInput = z.infer<typeof refundOrderInput>;

export interface RefundOrderOutput {
  /** Pence back to the card. */
  amount: number;
  /** Pence back as account credit (what account credit paid). */
  creditReturned: number;
  ticketsVoided: number;
  refundId: string | null;
  /** The card part has no Stripe payment to go back to: a person refunds it. */
  byHand: boolean;
}

export const refundOrderContract = defineCallable({
  name: 'refundOrder',
  access: 'admin',
  input: refundOrderInput,
  output: answer<RefundOrderOutput>(),
});
