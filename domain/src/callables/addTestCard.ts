import { type z } from 'zod';
import { cardFormSchema } from './startCheckout';
import { answer, defineCallable } from './contract';
import type { SavedCardOutput } from './saveStripeCard';

/**
 * `addTestCard`: the local test provider's stand-in for Stripe's card form (no
 * STRIPE_SECRET_KEY). It accepts only Stripe's test numbers in `SAVEABLE_TEST_CARDS` and keeps
 * the brand, last four digits, expiry and funding type, never the number or security code.
 */
export const addTestCardInput = cardFormSchema.omit({ nameOnCard: true }).strict();
export type AddTestCardInput = z.input<typeof addTestCardInput>;

/** Stripe's test numbers the local provider saves, with what Stripe would report for them. */
export const SAVEABLE_TEST_CARDS: Readonly<
  Record<string, { brand: string; funding: 'credit' | 'debit' }>
> = {
  '4242424242424242': { brand: 'visa', funding: 'credit' },
  '4000056655665556': { brand: 'visa', funding: 'debit' },
};

/** "MM/YY" as a month and a four-digit year. */
export function parseExpiry(expiry: string): { month: number; year: number } {
  const [month = 0, year = 0] = expiry.split('/').map(Number);
  return { month, year: 2000 + year };
}

/** A card is valid to the end of its expiry month (UTC). */
export function cardHasExpired(month: number, year: number, now: Date): boolean {
  return (
    year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
  );
}

export const addTestCardContract = defineCallable({
  name: 'addTestCard',
  access: 'session',
  input: addTestCardInput,
  output: answer<SavedCardOutput>(),
});
