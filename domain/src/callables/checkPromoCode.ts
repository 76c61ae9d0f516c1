import { z } from 'zod';
import { MAX_CART_LINES } from '../constants';
import { answer, defineCallable } from './contract';
import { promoCodeText } from './savePromoCode';
import { checkoutLineSchema } from './startCheckout';

/**
 * `checkPromoCode` (customers, rate limited): what a code would do to the cart at checkout,
 * before paying. `startCheckout` applies it again on the server when the tickets are
 * reserved, so this answer is only ever shown, never trusted.
 */
export const checkPromoCodeInput = z
  .object({
    code: promoCodeText,
    items: z.array(checkoutLineSchema).min(1).max(MAX_CART_LINES),
  })
  .strict();

export interface CheckPromoCodeOutput {
  code: string;
  /** "10% off", "£2.00 off", "2 bonus tickets". */
  benefit: string;
  /** Pence off. */
  discount: number;
  bonusTickets: number;
  bonusRaffleId: string | null;
  /** The cart's total with bundles and the code taken off, in pence. */
  total: number;
}

export const checkPromoCodeContract = defineCallable({
  name: 'checkPromoCode',
  access: 'customer',
  input: checkPromoCodeInput,
  output: answer<CheckPromoCodeOutput>(),
});
