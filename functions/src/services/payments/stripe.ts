import type Stripe from 'stripe';

/** Real Stripe when a secret key is configured; otherwise the local test provider is used. */
export function stripeEnabled(): boolean {
  return Boolean(process.env.STRIPE_SECRET_KEY);
}

let client: Stripe | null = null;

/**
 * The Stripe client, loaded on first use so functions that never pay start faster. Webhook
 * signature checks need no API call, so without a secret key a placeholder key still lets
 * the webhook verify events signed with STRIPE_WEBHOOK_SECRET.
 */
export async function stripe(): Promise<Stripe> {
  if (!client) {
    const { default: StripeClient } = await import('stripe');
    client = new StripeClient(process.env.STRIPE_SECRET_KEY ?? 'sk_test_local_placeholder');
  }
  return client;
}

export function webhookSecret(): string | undefined {
  return process.env.STRIPE_WEBHOOK_SECRET;
}

/** Where the web app lives, for Stripe's return URLs. */
export function siteUrl(): string {
  return process.env.SITE_URL ?? 'http://127.0.0.1:5000';
}
