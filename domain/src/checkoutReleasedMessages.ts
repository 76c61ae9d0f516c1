import type { CheckoutReleaseReason } from './collections/orders';

/**
 * What the shopper reads, back from Stripe's page or on the checkout's own, when the shop
 * released the checkout itself (`CheckoutSession.releasedFor`) rather than "Payment cancelled".
 */
export const CHECKOUT_RELEASED_MESSAGES = {
  raffleOff:
    'This checkout was closed because a raffle in it was taken off sale, so no payment was ' +
    'taken and no tickets were issued.',
  maximumLowered:
    'This checkout was closed because the maximum tickets per person of a raffle in it was ' +
    'lowered, so no payment was taken. Please check your cart and check out again.',
  playBreak:
    'This checkout was closed because your break from play started, so no payment was taken ' +
    'and no tickets were issued.',
  spendLimit:
    'This checkout was closed because your new monthly spending limit does not leave room for ' +
    'it, so no payment was taken and no tickets were issued.',
  underAge:
    'This checkout was closed because you must be 18 or over to take part, so no payment was ' +
    'taken and no tickets were issued.',
  suspended:
    'This checkout was closed because this account has been suspended. Please contact support.',
  winVoided:
    'This checkout was closed because an instant win whose credit it used was cancelled, so no ' +
    'payment was taken. Your cart is as you left it: please check out again.',
} as const satisfies Record<CheckoutReleaseReason, string>;
