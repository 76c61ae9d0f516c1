import {
  ShopError,
  ACCOUNT_MESSAGES,
  cardFromStripe,
  stripeCustomerPath,
  type StartCardSetupOutput,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { stripe } from '../payments/stripe';
import { addCard, type NewCard } from './paymentMethods';
import { stripeCustomerRef } from '../../lib/collections';

/** The customer's Stripe customer id, if one was created. */
export async function stripeCustomerOf(db: Firestore, uid: string): Promise<string | null> {
  return (await stripeCustomerRef(db, uid).get()).data()?.customerId ?? null;
}

/**
 * The customer's Stripe customer, created on first use. The idempotency key makes a retried
 * or concurrent first request create one Stripe customer, not two.
 */
async function ensureStripeCustomer(db: Firestore, uid: string, email: string | null) {
  const existing = await stripeCustomerOf(db, uid);
  if (existing) return existing;
  const customer = await (
    await stripe()
  ).customers.create(
    { email: email ?? undefined, metadata: { uid } },
    { idempotencyKey: `customer-${uid}` },
  );
  await db.doc(stripeCustomerPath(uid)).set({ customerId: customer.id, createdAt: new Date() });
  return customer.id;
}

/** Starts adding a card with Stripe: a SetupIntent for the customer's Stripe customer. */
export async function startStripeCardSetup(
  db: Firestore,
  uid: string,
  email: string | null,
): Promise<StartCardSetupOutput> {
  const publishableKey = process.env.STRIPE_PUBLISHABLE_KEY;
  if (!publishableKey) {
    throw new ShopError('failed-precondition', 'STRIPE_PUBLISHABLE_KEY is not configured');
  }
  const customer = await ensureStripeCustomer(db, uid, email);
  const intent = await (
    await stripe()
  ).setupIntents.create({
    customer,
    usage: 'off_session',
    allowed_payment_method_types: ['card'],
    metadata: { uid },
  });
  if (!intent.client_secret) throw new Error('Stripe returned a SetupIntent without a secret');
  return { provider: 'stripe', clientSecret: intent.client_secret, publishableKey };
}

/**
 * Records the card of a confirmed SetupIntent, read from Stripe: it must belong to the
 * caller's Stripe customer and have succeeded. Brand, last four, expiry and funding only.
 */
export async function saveStripeCard(db: Firestore, uid: string, setupIntentId: string) {
  const customer = await stripeCustomerOf(db, uid);
  const client = await stripe();
  const intent = await client.setupIntents
    .retrieve(setupIntentId, { expand: ['payment_method'] })
    .catch(() => null);
  if (!customer || !intent || intent.customer !== customer) {
    throw new ShopError('not-found', ACCOUNT_MESSAGES.cardSetupIncomplete);
  }
  const method = intent.payment_method as Stripe.PaymentMethod | null;
  if (intent.status !== 'succeeded' || !method || typeof method === 'string' || !method.card) {
    throw new ShopError('failed-precondition', ACCOUNT_MESSAGES.cardSetupIncomplete);
  }
  const card: NewCard = cardFromStripe(method.id, method.card);
  return addCard(db, uid, card, method.id);
}

/** Takes a card off the customer's Stripe customer (already gone is fine). */
export async function detachStripeCard(paymentMethodId: string): Promise<void> {
  try {
    await (await stripe()).paymentMethods.detach(paymentMethodId);
  } catch (error) {
    if ((error as { code?: string }).code !== 'resource_missing') throw error;
  }
}

/** Deletes the customer's Stripe customer with its saved cards (already gone is fine). */
export async function deleteStripeCustomer(customerId: string): Promise<void> {
  try {
    await (await stripe()).customers.del(customerId);
  } catch (error) {
    if ((error as { code?: string }).code !== 'resource_missing') throw error;
  }
}
