import { z } from 'zod';
import { MAX_CART_LINES, MAX_CART_LINE_QUANTITY } from '../collections/carts';
import { QUESTION_OPTIONS } from '../collections/questions';
import { CARD_MESSAGES } from '../messages';
import { type PAYMENT_PROVIDERS } from '../collections/orders';
import { answer, defineCallable } from './contract';

const id = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'Unknown id');

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
  })
  .strict();
export type CheckoutLine = z.infer<typeof checkoutLineSchema>;

/** `startCheckout`: validates the cart against live raffles and reserves the tickets. */
export const startCheckoutInput = z
  .object({ items: z.array(checkoutLineSchema).min(1).max(MAX_CART_LINES) })
  .strict();
export type StartCheckoutInput = z.infer<typeof startCheckoutInput>;

export interface StartCheckoutOutput {
  sessionId: string;
  /** Total to pay in pence, priced on the server. */
  amount: number;
  provider: (typeof PAYMENT_PROVIDERS)[number];
  /** Where to pay: Stripe's hosted page, or the local test provider's route. Null when free. */
  checkoutUrl: string | null;
  expiresAt: string;
}

export interface FulfilmentOutput {
  orderId: string;
  orderNumber: string;
  ticketNumbers: Record<string, number[]>;
}

/** The card form, shared by the payment page and the test provider. */
export const cardFormSchema = z
  .object({
    nameOnCard: z.string().trim().min(1, CARD_MESSAGES.nameRequired).max(100),
    cardNumber: z
      .string()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{16}$/, CARD_MESSAGES.numberInvalid)),
    expiry: z
      .string()
      .trim()
      .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, CARD_MESSAGES.expiryInvalid),
    securityCode: z
      .string()
      .trim()
      .min(1, CARD_MESSAGES.securityCodeRequired)
      .regex(/^\d{3,4}$/, CARD_MESSAGES.securityCodeInvalid),
  })
  .strict();
export type CardFormInput = z.input<typeof cardFormSchema>;

/**
 * Stripe's test cards, which the local provider imitates: 4242… (a Visa credit card),
 * 4000 0566 5566 5556 (a Visa debit card) and Stripe's "declined" card.
 */
export const TEST_CARD_NUMBER = '4242424242424242';
export const TEST_DEBIT_CARD_NUMBER = '4000056655665556';
export const TEST_DECLINED_CARD_NUMBER = '4000000000000002';

export const startCheckoutContract = defineCallable({
  name: 'startCheckout',
  access: 'customer',
  input: startCheckoutInput,
  output: answer<StartCheckoutOutput>(),
});
