import { z } from 'zod';

export const stripeCustomersCollection = 'stripeCustomers';
export const stripeCustomerPath = (uid: string) => `${stripeCustomersCollection}/${uid}`;

/**
 * `stripeCustomers/{uid}`: the Stripe customer that holds a customer's saved cards (created by
 * the card setup callable in Stripe mode). Functions only: no client reads or writes it.
 */
export const stripeCustomerSchema = z.object({
  customerId: z.string().max(255),
  createdAt: z.date(),
});
export type StripeCustomerData = z.infer<typeof stripeCustomerSchema>;
