import { z } from 'zod';
import type { CheckoutReleaseReason } from '../collections/orders';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';

/**
 * `cancelCheckout`: the shopper left the payment page (its back link, or "Cancel"): the
 * reservation's tickets go back on sale at once and its Stripe page closes. A reservation that
 * was already paid, released or is not the caller's changes nothing.
 */
export const cancelCheckoutInput = z.object({ sessionId: idSchema }).strict();
export type CancelCheckoutInput = z.infer<typeof cancelCheckoutInput>;

export interface CancelCheckoutOutput {
  /** What became of the reservation: released now, or already paid, expired or cancelled. */
  status: 'cancelled' | 'fulfilled' | 'expired';
  /** Why the shop had already released it itself (a stop), or null. */
  releasedFor: CheckoutReleaseReason | null;
}

export const cancelCheckoutContract = defineCallable({
  name: 'cancelCheckout',
  access: 'customer',
  input: cancelCheckoutInput,
  output: answer<CancelCheckoutOutput>(),
});
