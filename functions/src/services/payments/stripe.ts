import { CHECKOUT_MESSAGES, ShopError } from '@rafflewin/domain';
import type Stripe from 'stripe';

/** Real Stripe when a secret key is configured; otherwise the local test provider is used. */
export function stripeEnabled(): boolean {
  return Boolean(process.env.STRIPE_SECRET_KEY);
}

/**
 * The local test provider (Stripe's test card numbers, no network) runs only on the emulators
 * (which set FUNCTIONS_EMULATOR) and never beside a Stripe key: a deployed project without
 * its key takes no card payments at all rather than accepting the public test cards.
 */
export function testPaymentsAllowed(): boolean {
  return !stripeEnabled() && process.env.FUNCTIONS_EMULATOR === 'true';
}

/** Refuses to take a card payment when neither Stripe nor the local test provider may. */
export function requireCardPayments(): void {
  if (!stripeEnabled() && !testPaymentsAllowed()) {
    throw new ShopError('failed-precondition', CHECKOUT_MESSAGES.paymentsUnavailable);
  }
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
