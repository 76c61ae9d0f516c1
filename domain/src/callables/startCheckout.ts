import { z } from 'zod';
import { MAX_CART_LINES, MAX_CART_LINE_QUANTITY, QUESTION_OPTIONS } from '../constants';
import { type PAYMENT_PROVIDERS } from '../collections/orders';
import { RAFFLE_LIMITS } from '../collections/raffles';
import { idSchema } from '../fields';
import { PICK_MESSAGES } from '../numberPicking';
import { promoCodeText } from './savePromoCode';
import { answer, defineCallable } from './contract';

const id = idSchema;

/** One cart line as the checkout receives it: no names or prices, the server looks them up. */
export const checkoutLineSchema = z
  .object({
    raffleId: id,
    quantity: z.number().int().min(1).max(MAX_CART_LINE_QUANTITY),
    /** The skill question's answer; required for paid raffles that have a question. */
    answer: z
      .object({ questionId: id, option: z.enum(QUESTION_OPTIONS) })
      .strict()
      .nullish(),
    /**
     * In a raffle with number picking, the numbers chosen (at most `quantity`; any more
     * tickets are lucky-dipped when reserved). Refused elsewhere.
     */
    numbers: z
      .array(z.number().int().min(1).max(RAFFLE_LIMITS.maxTickets))
      .max(MAX_CART_LINE_QUANTITY)
      .optional(),
  })
  .strict()
  .superRefine((line, context) => {
    const numbers = line.numbers ?? [];
    if (new Set(numbers).size !== numbers.length) {
      context.addIssue({ code: 'custom', path: ['numbers'], message: PICK_MESSAGES.repeated });
    } else if (numbers.length > line.quantity) {
      context.addIssue({
        code: 'custom',
        path: ['numbers'],
        message: PICK_MESSAGES.moreThanTickets,
      });
    }
  });
export type CheckoutLine = z.infer<typeof checkoutLineSchema>;

/** `startCheckout`: validates the cart against live raffles and reserves the tickets. */
export const startCheckoutInput = z
  .object({
    items: z.array(checkoutLineSchema).min(1).max(MAX_CART_LINES),
    /** A promo code to apply (promoCodes.ts); refused with its reason if it does not apply. */
    promoCode: promoCodeText.optional(),
  })
  .strict();
export type StartCheckoutInput = z.infer<typeof startCheckoutInput>;

export interface StartCheckoutOutput {
  sessionId: string;
  /** Total to pay in pence, priced on the server. */
  amount: number;
  provider: (typeof PAYMENT_PROVIDERS)[number];
  /** Where to pay: Stripe's hosted page (the local double's under the emulators). Null when free. */
  checkoutUrl: string | null;
  expiresAt: string;
}

export interface FulfilmentOutput {
  orderId: string;
  orderNumber: string;
  ticketNumbers: Record<string, number[]>;
}

export const startCheckoutContract = defineCallable({
  name: 'startCheckout',
  access: 'customer',
  input: startCheckoutInput,
  output: answer<StartCheckoutOutput>(),
});
