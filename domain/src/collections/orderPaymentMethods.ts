/**
 * How an order was paid: the values stored on `orders/{orderId}`, and the words people read for
 * them. Kept apart from the order schema (and zod) so that the pages that name a payment method
 * (the checkout's confirmation, My Orders, the console's order list) need no schema to do it.
 */

/** The stored values; `manual_entry` is the spec's own for tickets an administrator added. */
export const PAYMENT_METHODS = [
  'Card',
  'Free Entry',
  'manual_entry',
  'Postal Entry',
  'Account Credit',
] as const;
export type OrderPaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What customers and administrators read for each stored value (never `manual_entry`). */
export const PAYMENT_METHOD_LABELS: Record<OrderPaymentMethod, string> = {
  Card: 'Card',
  'Free Entry': 'Free entry',
  manual_entry: 'Manual entry',
  'Postal Entry': 'Postal entry',
  'Account Credit': 'Account credit',
};
