import { z } from 'zod';
import { orderInstantWinSchema } from '../instantWins';
import { penceSchema } from '../fields';
import { PAYMENT_METHODS } from './orderPaymentMethods';
import { appliedPromoSchema } from './promoCodes';

export const ordersCollection = 'orders';

export const ORDER_STATUSES = ['processing', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ['pending', 'paid', 'refunded', 'disputed', 'failed'] as const;

export const CARD_FUNDING = ['credit', 'debit', 'prepaid', 'unknown'] as const;
export type CardFunding = (typeof CARD_FUNDING)[number];

export const orderItemSchema = z.object({
  raffleId: z.string(),
  name: z.string().max(120),
  quantity: z.number().int().positive(),
  unitPrice: penceSchema,
  /** What the line cost, bundles and any promo code taken off. */
  totalPrice: penceSchema,
  /** Tickets a promo code added free (within `quantity`). */
  bonusTickets: z.number().int().positive().optional(),
  /** Tickets of this line that won an instant prize. */
  instantWins: z.array(orderInstantWinSchema).optional(),
  ticketNumbers: z.array(z.number().int().positive()),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const REFUND_PROVIDERS = ['stripe', 'none', 'manual'] as const;

/**
 * A refund of one raffle's lines of an order (a cancelled raffle). `stripe` gave the money back; `none` had nothing to refund (free entries); `manual` had no card payment on
 * record, so a person must refund it.
 */
export const orderRefundSchema = z.object({
  /** What the raffle's lines cost: `amount` back to the card and `creditReturned` as credit. */
  amount: penceSchema,
  /**
   * The part paid with account credit (late postal entries), given back as account credit:
   * a card is never refunded more than it was charged.
   */
  creditReturned: penceSchema.default(0),
  provider: z.enum(REFUND_PROVIDERS),
  refundId: z.string().nullable(),
  at: z.date(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

/**
 * A refund of chosen tickets of an order (Order management → Refund), keyed by a hash of the
 * ticket ids. `pending` from the moment it is claimed (its card amount already counted in
 * `refundedAmount`, so Stripe's `charge.refunded` for it changes nothing) until the tickets are
 * void and the customer told (`done`).
 */
export const ticketRefundSchema = z.object({
  ticketIds: z.array(z.string()),
  /** What the refunded tickets cost, by raffle (a later cancellation refunds only the rest). */
  costByRaffle: z.record(z.string(), penceSchema),
  amount: penceSchema,
  creditReturned: penceSchema,
  provider: z.enum(REFUND_PROVIDERS),
  refundId: z.string().nullable(),
  state: z.enum(['pending', 'done']),
  /**
   * The administrator, on refunds recorded before 2026-12-08 only: the customer reads the order,
   * so it names no staff account now (the refund's audit entry says who).
   */
  by: z.string().optional(),
  at: z.date(),
});
export type TicketRefund = z.infer<typeof ticketRefundSchema>;

/** A checkout's `createdBy` when staff entered its tickets for the customer. */
export const STAFF_ENTRY = 'staff';

/** `orders/{orderId}`: read by its owner and admins; written by functions only. */
export const orderSchema = z.object({
  orderNumber: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  items: z.array(orderItemSchema),
  totalAmount: penceSchema,
  checkoutSessionId: z.string().nullable(),
  /** How a card payment was funded; credit-card spending is capped each month. */
  cardFunding: z.enum(CARD_FUNDING).nullable().default(null),
  /** The Stripe PaymentIntent that paid it: money coming back (refunds, disputes) finds it. */
  paymentIntentId: z.string().nullable().optional(),
  /**
   * Money that came back through the payment provider rather than the shop: a refund made
   * in Stripe's dashboard or a dispute. Its tickets are void (out of the draw).
   */
  moneyBack: z
    .object({
      kind: z.enum(['refunded', 'disputed']),
      amount: penceSchema,
      at: z.date(),
      /** True when the raffle had already been drawn (the draw is not run again). */
      afterDraw: z.boolean(),
      /**
       * The order's raffles already drawn when its tickets went void: those tickets took part,
       * so a dispute the shop wins gives back nothing for them.
       */
      drawnRaffles: z.array(z.string()).optional(),
      /**
       * The raffles not yet drawn whose draws wait (`refunding`, counted up as the order is
       * marked) until its tickets are void; `ticketsVoided` once they are and the count is down.
       */
      holdsDraws: z.array(z.string()).optional(),
      ticketsVoided: z.boolean().optional(),
      /**
       * The account credit given back as the tickets went void: the card's money came back
       * through Stripe, the part credit paid comes back as credit (for raffles not yet drawn).
       */
      creditReturned: penceSchema.default(0),
      /**
       * The account credit the order used that stays spent when its tickets went void: what
       * paid for tickets already in a draw, or what the card's money that came back through
       * Stripe covers already (it paid for the tickets out of the draw first). Never given
       * back later (a cancellation, a delete).
       */
      creditKept: penceSchema.default(0),
      /**
       * How the bank decided a dispute (`charge.dispute.closed`). `won` (an inquiry closed
       * without a chargeback too) gives the money back to the shop while the tickets stay void,
       * so the card is refunded what came back: `refund`, pending from its claim (counted in
       * `refundedAmount`) until Stripe has made it.
       */
      closed: z
        .object({
          outcome: z.enum(['won', 'lost']),
          at: z.date(),
          refund: z
            .object({
              amount: penceSchema,
              state: z.enum(['pending', 'done']),
              provider: z.enum(REFUND_PROVIDERS).nullable(),
              refundId: z.string().nullable(),
            })
            .nullable(),
        })
        .optional(),
    })
    .nullable()
    .optional(),
  /** Account credit (from late postal entries) used towards this order, in pence. */
  creditApplied: penceSchema.default(0),
  /** The promo code applied to the order. */
  promo: appliedPromoSchema.nullable().optional(),
  createdAt: z.date(),
  updatedAt: z.date(),
  /** Refunds by raffle id: at most one per raffle, which makes cancellation idempotent. */
  refunds: z.record(z.string(), orderRefundSchema).optional(),
  /** Refunds of chosen tickets (Order management → Refund), by key. */
  ticketRefunds: z.record(z.string(), ticketRefundSchema).optional(),
  /**
   * How many of those refunds are under way, by raffle id: the draw waits while one of its
   * raffle's is (`refundsUnderWay`), or it could publish a ticket the refund then voids.
   */
  refunding: z.record(z.string(), z.number().int()).optional(),
  /**
   * Card refunds Stripe could not make (the card closed, lost or stolen), by Stripe refund id:
   * still counted in `refundedAmount`, as the shop owes them, for a person to return another way
   * (unless `REFUND_STOPPED_BY_DISPUTE`: the customer's dispute returns that money).
   */
  failedRefunds: z
    .record(
      z.string(),
      z.object({ amount: penceSchema, reason: z.string().nullable(), at: z.date() }),
    )
    .optional(),
  /** Pence given back so far; revenue is paid totals less this. */
  refundedAmount: penceSchema.optional(),
  /**
   * What of the order's money has come back to its customer so far: to the card (the shop's
   * refunds, one made in Stripe's dashboard, a dispute the bank paid) and as account credit.
   * The month's spending counts what each order took less this (`spendReturnedAfter`), so
   * money that came back and was spent again counts once.
   */
  spendReturned: z.object({ card: penceSchema, credit: penceSchema }).optional(),
  /**
   * A cancellation's card refunds by raffle id, counted in `refundedAmount` from before Stripe
   * is asked until `refunds` records them, so Stripe's `charge.refunded` for one is known as
   * the shop's own.
   */
  refundClaims: z.record(z.string(), penceSchema).optional(),
  /**
   * What My Orders' search finds the order by (`orderSearchTerms` in account.ts): Firestore
   * has no substring search, so the terms are stored and queried with array-contains.
   */
  searchTerms: z.array(z.string().max(60)).max(200).default([]),
});
export type OrderData = z.infer<typeof orderSchema>;
export type Order = OrderData & { id: string };

/** The order's refunds of chosen tickets still waiting on Stripe's answer. */
export function pendingTicketRefunds(order: Pick<OrderData, 'ticketRefunds'> | undefined) {
  return Object.values(order?.ticketRefunds ?? {}).filter((refund) => refund.state === 'pending');
}

export const checkoutSessionsCollection = 'checkoutSessions';

export const CHECKOUT_STATUSES = [
  'pending',
  'fulfilling',
  'fulfilled',
  'expired',
  'cancelled',
] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];
export const PAYMENT_PROVIDERS = ['stripe', 'free'] as const;

export const reservationItemSchema = z.object({
  raffleId: z.string(),
  name: z.string().max(120),
  quantity: z.number().int().positive(),
  /** The price of one ticket on its own. */
  unitPrice: penceSchema,
  /**
   * What the line costs, bundles taken off (bundles.ts `priceLine`); absent on reservations
   * from before bundles, which cost `unitPrice × quantity`.
   */
  linePrice: penceSchema.optional(),
  /** Tickets a promo code added free (within `quantity`). */
  bonusTickets: z.number().int().positive().optional(),
});
export type ReservationItem = z.infer<typeof reservationItemSchema>;

/** What a reserved line costs. */
export function reservationLineTotal(item: ReservationItem): number {
  return item.linePrice ?? item.unitPrice * item.quantity;
}

/**
 * `checkoutSessions/{id}/secrets/answers`: whether each line's skill question was answered
 * correctly (null where the raffle asks none). Functions only, beside the reservation its
 * owner reads: nobody can learn from their checkout, tickets, order or e-mail whether an
 * answer was right before the draw, so the question cannot be probed.
 */
export const checkoutAnswersPath = (sessionId: string) =>
  `${checkoutSessionsCollection}/${sessionId}/secrets/answers`;
export const checkoutAnswersSchema = z.object({
  answerCorrect: z.record(z.string(), z.boolean().nullable()),
});
export type CheckoutAnswers = z.infer<typeof checkoutAnswersSchema>;

/** Which shard of which raffle holds how many of a reservation's tickets. */
export const allocationSchema = z.object({
  raffleId: z.string(),
  shard: z.number().int().nonnegative(),
  quantity: z.number().int().positive(),
  /** The numbers held by name (number picking and lucky dip), issued exactly as held. */
  numbers: z.array(z.number().int().positive()).optional(),
});
export type Allocation = z.infer<typeof allocationSchema>;

/** Ticket numbers issued to a reservation: `from`…`to` of one raffle. */
export const issuedRangeSchema = z.object({
  raffleId: z.string(),
  from: z.number().int().positive(),
  to: z.number().int().positive(),
});
export type IssuedRange = z.infer<typeof issuedRangeSchema>;

/**
 * Why the shop released an unpaid checkout itself, its payment page closed (not the shopper
 * leaving it, nor its time running out): a raffle in it taken off sale, the maximum per person
 * lowered under what it holds, a play break, a spending limit lowered under it, the account
 * found under 18 or suspended, or an instant win voided whose credit it had taken.
 */
export const CHECKOUT_RELEASE_REASONS = [
  'raffleOff',
  'maximumLowered',
  'playBreak',
  'spendLimit',
  'underAge',
  'suspended',
  'winVoided',
] as const;
export type CheckoutReleaseReason = (typeof CHECKOUT_RELEASE_REASONS)[number];

/**
 * `checkoutSessions/{id}`: a reservation of tickets for 30 minutes, read by its owner and
 * written by functions only. Reserved tickets count against availability until it expires
 * or is fulfilled.
 */
export const checkoutSessionSchema = z.object({
  userId: z.string(),
  items: z.array(reservationItemSchema),
  amount: penceSchema,
  status: z.enum(CHECKOUT_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  stripeSessionId: z.string().nullable(),
  orderId: z.string().nullable(),
  allocation: z.array(allocationSchema),
  /** Numbers issued by fulfilment (status `fulfilling` or `fulfilled`). */
  issued: z.array(issuedRangeSchema),
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  /**
   * The payment's card funding and Stripe PaymentIntent, recorded as its numbers are issued, so
   * whoever completes the fulfilment (Stripe's retry, or a raffle cancellation finishing it)
   * writes them on the order, where refunds and disputes made at Stripe find it.
   */
  cardFunding: z.enum(CARD_FUNDING).nullable().optional(),
  paymentIntentId: z.string().nullable().optional(),
  /**
   * How much of this checkout may be paid by credit card (pence) under the monthly cap;
   * null when there is no cap to apply (free checkouts).
   */
  creditCardAllowance: penceSchema.nullable().default(null),
  /** Debit cards only: the basket has a raffle with instant prizes (the Code). */
  debitOnly: z.boolean().default(false),
  /** Account credit taken off `amount`; given back if the reservation lapses. */
  creditApplied: penceSchema.default(0),
  /** The promo code applied; its use is given back if the reservation lapses. */
  promo: appliedPromoSchema.nullable().default(null),
  expiresAt: z.date(),
  createdAt: z.date(),
  /**
   * `STAFF_ENTRY` when an administrator entered these tickets for the customer (manual entry, a
   * postcard, tickets added in the console); else null. It names no staff account, since the
   * customer reads their checkouts (the entry's audit entry says who); sessions recorded before
   * 2026-12-08 hold the administrator's id instead.
   */
  createdBy: z.string().nullable().default(null),
  /** The order number to give the order; null derives one from the session id. */
  orderNumber: z.string().max(40).nullable().default(null),
  /**
   * Why its payment was given back in full when no order came of it, as first decided: a
   * later delivery of the payment, whatever has changed since, refunds and tells the customer
   * under the same reason (one Stripe idempotency key, one notice).
   */
  refundNotice: z.object({ key: z.string(), message: z.string() }).optional(),
  /** Why the shop released it itself (`cancelled`), for the shopper back from its page. */
  releasedFor: z.enum(CHECKOUT_RELEASE_REASONS).nullable().optional(),
});
export type CheckoutSessionData = z.infer<typeof checkoutSessionSchema>;
export type CheckoutSession = CheckoutSessionData & { id: string };

/**
 * Whether a credit card may not pay this checkout: its amount is over what the month's
 * credit-card cap leaves it (0 for a basket with an instant-win raffle: debit cards only).
 * Stripe's page is told to refuse credit cards for it, and the webhook refunds one that got by.
 */
export const creditCardRefused = (
  checkout: Pick<CheckoutSession, 'amount' | 'creditCardAllowance'>,
): boolean =>
  checkout.creditCardAllowance !== null && checkout.amount > checkout.creditCardAllowance;

/**
 * Stripe's `failure_reason` for a refund stopped because the customer disputed the payment
 * while it was pending: the dispute returns the money, so nobody returns it by hand as well.
 */
export const REFUND_STOPPED_BY_DISPUTE = 'charge_for_pending_refund_disputed';
