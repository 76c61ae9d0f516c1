import { BELOW_CARD_MINIMUM } from './money';
import { RAFFLE_CLOSED_TEXTS } from './raffleState';

/**
 * What the shop says about checking out: every shop page's raffle cards say some of it. The
 * messages of pages further in are in modules of their own (accessMessages.ts,
 * checkoutReleasedMessages.ts, donationMessages.ts), so that they load with those pages.
 */
export const CHECKOUT_MESSAGES = {
  /**
   * Our wording, at checkout for an account with the `staff` or `admin` claim: the draw leaves
   * out the tickets issued to it, and no instant prize goes to it.
   */
  staffNeverDrawn:
    'Staff and administrators may not win: tickets taken with this account are never drawn and cannot win an instant prize.',
  raffleNotFound: 'Raffle not found or no longer available',
  notActive: 'This raffle is not currently active',
  ended: RAFFLE_CLOSED_TEXTS.ended,
  soldOut: RAFFLE_CLOSED_TEXTS.soldOut,
  onlyLeft: (n: number) => `Only ${n} ${n === 1 ? 'ticket' : 'tickets'} left for this raffle`,
  freeOnlyOne: 'You already have a ticket for this free raffle',
  /** Its one entry is held by the customer's own checkout, not yet claimed (it may lapse). */
  freeHeld:
    'Your unfinished checkout holds this free raffle’s one entry: claim it there, or try again once it has lapsed',
  perUserMax: (max: number) => `You can only have up to ${max} tickets for this raffle`,
  /** The card's refusal of an add once the customer's limit is reached (owned and in cart). */
  maxEntries: RAFFLE_CLOSED_TEXTS.maxEntries,
  answerRequired: 'Please answer the question to enter this raffle',
  /** A paid raffle without an active skill question takes no entries. */
  noQuestion: 'This raffle is not open for entries yet. Please try again later.',
  /**
   * Where the site refuses wrong answers (`refuseWrongAnswers`): a customer's first wrong answer
   * to a raffle's question is final, or trying each option in turn would let anyone in.
   */
  incorrectAnswer:
    'Incorrect answer. A raffle’s question can be answered wrongly only once, so you cannot ' +
    'enter this raffle: remove it from your cart to continue.',
  emptyCart: 'Your cart is empty',
  reservationNotFound: 'Checkout session not found',
  reservationExpired: 'Your reservation has expired. Please check out again.',
  reservationDone: 'This checkout has already been completed',
  /**
   * Released while its payment page was being made: a newer checkout (in another tab), or a
   * stop (the raffle switched off or its maximum lowered, a limit, a break, a ban).
   */
  closedWhileOpening:
    'This checkout was closed before its payment page opened: another checkout was started ' +
    '(perhaps in another tab), or the raffle or your account changed meanwhile. Nothing was ' +
    'charged: please check out again.',
  /** Stripe did not confirm an open payment page closed (an outage): it keeps its tickets. */
  pageNotClosed:
    'Our card processor did not confirm that your open payment page was closed, so its ' +
    'tickets are still held for it. Please try again in a minute.',
  notFree: 'This order is not free: please pay by card',
  paymentFailed: 'Payment processing failed',
  /** Stripe's payment page could not be made (its API failed): the reservation is released. */
  providerFailed: 'Stripe failed to initialize',
  /** A deployed shop without its Stripe keys takes no card payments (free entries still work). */
  paymentsUnavailable: 'Card payments are not available at the moment. Please try again later.',
  processFreeFailed: 'Failed to process free tickets',
  busy: 'This raffle is very busy right now. Nothing was reserved: please try again.',
  /** Stripe takes no card payment under 30p (MIN_CARD_PAYMENT). */
  belowCardMinimum: BELOW_CARD_MINIMUM,
  /** A raffle of the checkout was cancelled or drawn before the payment arrived. */
  raffleClosedRefunded:
    'A raffle in your order closed before your payment arrived, so no tickets were issued. ' +
    'It has been refunded in full.',
  /** The return from Stripe's page, before the webhook has fulfilled the order. */
  confirming: 'Confirming your payment…',
  confirmingDetail:
    'This usually takes a few seconds. Your order and ticket numbers appear here as soon as ' +
    'the payment is confirmed.',
  /** The reservation could not be read (the connection, or a refusal). */
  checkoutUnreadable:
    'This checkout could not be loaded. Please reload the page: if you paid, your order is in ' +
    'My Orders.',
  /** Fulfilled, but its order could not be read (or an administrator removed a free one). */
  orderNotShown:
    'This checkout is complete, but its order could not be shown here. Your orders and ' +
    'their ticket numbers are in My Orders.',
  /** Stripe's page came back, but the reservation was released (expired or cancelled). */
  notCompleted:
    'This checkout was not completed, so no tickets were issued. If a payment was taken, it ' +
    'is refunded in full.',
  /** Back from Stripe's page without paying. */
  paymentCancelled:
    'Payment cancelled. Your tickets are no longer held, and your cart is as you left it.',
  cancelling: 'Releasing your tickets…',
  latePaymentRefunded:
    'Your payment arrived after your reservation had expired, so no tickets were issued. ' +
    'It has been refunded in full.',
  /**
   * Paid on a page that was closed before the payment (a ban or a play break while Stripe
   * could not confirm the page closed).
   */
  closedPaymentRefunded:
    'Your payment arrived after this checkout had been closed, so no tickets were issued. ' +
    'It has been refunded in full.',
  /** A payment that made no order, which the customer's bank is taking back (a dispute). */
  disputedNotAccepted:
    'We could not accept your payment, so no tickets were issued. Your bank is returning it ' +
    'through the dispute you raised with them.',
  /** That dispute closed in the shop's favour: the money came back to the shop, so it goes on. */
  disputeWonRefunded:
    'The dispute over a payment we could not accept has closed, and the money came back to ' +
    'us. No tickets were issued for it, so it has been refunded to your card in full.',
} as const;
