/** Stripe webhook events for a checkout reservation, signed as Stripe signs them. */
import Stripe from 'stripe';
import { functionUrl } from './customers';

/** The local-only signing secret from functions/.env.demo-rafflewin. */
export const WEBHOOK_SECRET = 'whsec_local_emulator_only';
const stripe = new Stripe('sk_test_local_placeholder');

/** A `checkout.session.*` event for the reservation (Stripe session `cs_test_<id>`). */
export function checkoutEvent(
  type: string,
  reservationId: string,
  amount: number,
  id = `evt_${reservationId}_${type}`,
) {
  return {
    id,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_test_${reservationId}`,
        object: 'checkout.session',
        amount_total: amount,
        currency: 'gbp',
        payment_status: type === 'checkout.session.expired' ? 'unpaid' : 'paid',
        client_reference_id: reservationId,
        metadata: { reservationId },
      },
    },
  };
}

/** A `stripe-signature` header for the raw payload (`timestamp` in seconds). */
export function signature(
  payload: string,
  { secret = WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {},
) {
  return stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

/** Posts a raw payload to the webhook; `header` null sends no signature at all. */
export function postWebhook(payload: string, header: string | null = signature(payload)) {
  return fetch(functionUrl('stripeWebhook'), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(header === null ? {} : { 'stripe-signature': header }),
    },
    body: payload,
  });
}

/** Posts an event, signed with the right secret and the current time. */
export const deliverEvent = (event: object) => postWebhook(JSON.stringify(event));
