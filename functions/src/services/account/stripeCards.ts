import {
  ShopError,
  ACCOUNT_MESSAGES,
  STRIPE_RETURNS,
  cardFromStripe,
  stripeCustomerPath,
  type StartCardSetupOutput,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { siteUrl } from '../auth/links';
import { SHOP_CURRENCY, requireCardPayments, stripe } from '../payments/stripe';
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

/**
 * Starts adding a card: a Checkout Session in setup mode for the customer's Stripe customer,
 * whose hosted page takes the card (so its number never reaches the shop).
 */
export async function startStripeCardSetup(
  db: Firestore,
  uid: string,
  email: string | null,
): Promise<StartCardSetupOutput> {
  requireCardPayments();
  const customer = await ensureStripeCustomer(db, uid, email);
  const session = await (
    await stripe()
  ).checkout.sessions.create({
    mode: 'setup',
    customer,
    currency: SHOP_CURRENCY,
    // Cards only: the shop checks a saved card's funding (credit-card cap, debit-only baskets).
    allowed_payment_method_types: ['card'],
    setup_intent_data: { metadata: { uid } },
    success_url: `${siteUrl()}${STRIPE_RETURNS.cardSaved}`,
    cancel_url: `${siteUrl()}${STRIPE_RETURNS.cardSetupLeft}`,
  });
  if (!session.url) throw new Error('Stripe returned no set-up URL');
  return { url: session.url };
}

/**
 * Records the card of a completed set-up session, read from Stripe: the session and its
 * SetupIntent must belong to the caller's Stripe customer and have succeeded. Brand, last
 * four, expiry and funding only. Recording the same card twice keeps one.
 */
export async function saveStripeCard(db: Firestore, uid: string, setupSessionId: string) {
  const customer = await stripeCustomerOf(db, uid);
  // No set-up session can be the account's before it has a Stripe customer (startCardSetup
  // makes one): Stripe is not asked about an id that cannot be the caller's.
  if (!customer) throw new ShopError('not-found', ACCOUNT_MESSAGES.cardSetupIncomplete);
  const client = await stripe();
  const session = await client.checkout.sessions
    .retrieve(setupSessionId, { expand: ['setup_intent.payment_method'] })
    .catch(() => null);
  if (!session || session.mode !== 'setup' || session.customer !== customer) {
    throw new ShopError('not-found', ACCOUNT_MESSAGES.cardSetupIncomplete);
  }
  const intent = session.setup_intent as Stripe.SetupIntent | null;
  const method = intent?.payment_method as Stripe.PaymentMethod | null | undefined;
  if (intent?.status !== 'succeeded' || !method || typeof method === 'string' || !method.card) {
    throw new ShopError('failed-precondition', ACCOUNT_MESSAGES.cardSetupIncomplete);
  }
  // The card must still be on the customer at Stripe: a set-up session sent again after its
  // card was removed must not bring the card back.
  const holder = typeof method.customer === 'string' ? method.customer : method.customer?.id;
  if (holder !== customer) {
    throw new ShopError('failed-precondition', ACCOUNT_MESSAGES.cardSetupIncomplete);
  }
  const card: NewCard = cardFromStripe(method.id, method.card);
  return addCard(db, uid, card, method.id);
}

/** Stripe's answers for a card that is no longer on any customer (or gone altogether). */
const ALREADY_DETACHED = new Set(['resource_missing', 'payment_method_unexpected_state']);

/** Takes a card off the customer's Stripe customer (already gone or detached is fine). */
export async function detachStripeCard(paymentMethodId: string): Promise<void> {
  try {
    await (await stripe()).paymentMethods.detach(paymentMethodId);
  } catch (error) {
    if (!ALREADY_DETACHED.has(String((error as { code?: string }).code))) throw error;
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
