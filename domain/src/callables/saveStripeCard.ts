import { z } from 'zod';
import type { PaymentMethodData } from '../collections/userData';
import { answer, defineCallable } from './contract';

/**
 * `saveStripeCard`: records the card entered on Stripe's page of a set-up Checkout Session
 * (`startCardSetup`). The server reads the session, its SetupIntent and PaymentMethod from
 * Stripe (never from the browser) and checks they belong to the caller's Stripe customer. At
 * most `RATE_LIMITS.saveStripeCard` an hour per account; an account without a Stripe customer
 * is answered without asking Stripe.
 */
export const saveStripeCardInput = z
  .object({
    setupSessionId: z.string().regex(/^cs_[A-Za-z0-9_-]{1,250}$/, 'Unknown card setup'),
  })
  .strict();
export type SaveStripeCardInput = z.infer<typeof saveStripeCardInput>;

export interface SavedCardOutput {
  paymentMethodId: string;
  isDefault: boolean;
}

/** What the card fields of a Stripe PaymentMethod carry (the parts this shop keeps). */
export interface StripeCardDetails {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  funding: string;
}

const FUNDING = ['credit', 'debit', 'prepaid'] as const;

/** The stored record of a Stripe card: brand, last four digits, expiry and funding only. */
export function cardFromStripe(
  paymentMethodId: string,
  card: StripeCardDetails,
): Pick<
  PaymentMethodData,
  'provider' | 'stripePaymentMethodId' | 'brand' | 'last4' | 'expMonth' | 'expYear' | 'funding'
> {
  const funding = (FUNDING as readonly string[]).includes(card.funding)
    ? (card.funding as (typeof FUNDING)[number])
    : 'unknown';
  return {
    provider: 'stripe',
    stripePaymentMethodId: paymentMethodId,
    brand: card.brand.slice(0, 20),
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
    funding,
  };
}

export const saveStripeCardContract = defineCallable({
  name: 'saveStripeCard',
  access: 'session',
  input: saveStripeCardInput,
  output: answer<SavedCardOutput>(),
});
