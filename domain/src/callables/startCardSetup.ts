import { z } from 'zod';
import { answer, defineCallable } from './contract';

/**
 * `startCardSetup`: begins adding a card. Creates the caller's Stripe customer if needed and a
 * Checkout Session in setup mode, and answers its hosted page, where the card is entered (the
 * card number never reaches the shop). Stripe returns the browser to the payment methods page
 * with the session id, which `saveStripeCard` then records.
 */
export const startCardSetupInput = z.object({}).strict();
export type StartCardSetupInput = z.infer<typeof startCardSetupInput>;

export interface StartCardSetupOutput {
  /** Stripe's hosted card page. */
  url: string;
}

export const startCardSetupContract = defineCallable({
  name: 'startCardSetup',
  access: 'session',
  input: startCardSetupInput,
  output: answer<StartCardSetupOutput>(),
});
