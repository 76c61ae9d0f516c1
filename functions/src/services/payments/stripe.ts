import { CHECKOUT_MESSAGES, ShopError } from '@rafflewin/domain';
import type Stripe from 'stripe';

/** Card payments need Stripe: a project without its secret key takes none. */
export function stripeEnabled(): boolean {
  return Boolean(process.env.STRIPE_SECRET_KEY);
}

/** Refuses to take a card payment (or save a card) when Stripe is not configured. */
export function requireCardPayments(): void {
  if (!stripeEnabled()) {
    throw new ShopError('failed-precondition', CHECKOUT_MESSAGES.paymentsUnavailable);
  }
}

/**
 * Where the SDK sends its requests: Stripe, or, under the emulators only, the local Stripe
 * double named by STRIPE_API_URL (emulators/stripe). A deployed function never reads it, so no
 * setting can point a real project's payments anywhere but Stripe.
 */
export function apiLocation(): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const local = process.env.STRIPE_API_URL;
  if (!local || process.env.FUNCTIONS_EMULATOR !== 'true') return {};
  const url = new URL(local);
  return {
    host: url.hostname,
    port: url.port,
    protocol: url.protocol === 'http:' ? 'http' : 'https',
  };
}

/** The shop charges, discounts and saves cards in pounds sterling, and takes nothing else. */
export const SHOP_CURRENCY = 'gbp';

/**
 * The Stripe API version the shop reads and writes: the pinned SDK's, whose types the code is
 * checked against (upgrading the SDK fails to compile until this moves with it). The webhook
 * endpoint must be created at the same version, since Stripe writes its events in the
 * endpoint's version (docs/payments.md).
 */
export const STRIPE_API_VERSION: Stripe.LatestApiVersion = '2026-10-28.endive';

let client: Stripe | null = null;

/**
 * The Stripe client, loaded on first use so functions that never pay start faster. Webhook
 * signature checks need no API call, so without a secret key a placeholder key still lets
 * the webhook verify events signed with STRIPE_WEBHOOK_SECRET.
 */
export async function stripe(): Promise<Stripe> {
  if (!client) {
    const { default: StripeClient } = await import('stripe');
    client = new StripeClient(process.env.STRIPE_SECRET_KEY ?? 'sk_test_unconfigured', {
      ...apiLocation(),
      apiVersion: STRIPE_API_VERSION,
      maxNetworkRetries: 2,
    });
  }
  return client;
}

export function webhookSecret(): string | undefined {
  return process.env.STRIPE_WEBHOOK_SECRET;
}
