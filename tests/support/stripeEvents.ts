/**
 * Stripe webhook events for a checkout reservation, signed as Stripe signs them, and their
 * delivery to `stripeWebhook`: in the in-process suites its handler runs in this process with
 * the raw body and headers of the request (signature checks included); elsewhere they are
 * posted to the Functions emulator.
 */
import Stripe from 'stripe';
import { adminDb } from './admin';
import { functionUrl } from './callables';
import { FUNCTIONS_IN_PROCESS } from './project';

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
        payment_status: type === 'checkout.session.completed' ? 'paid' : 'unpaid',
        payment_intent: paymentIntentFor(reservationId),
        client_reference_id: reservationId,
        metadata: { reservationId },
      },
    },
  };
}

/** A `stripe-signature` header for the raw payload (`timestamp` in seconds). */
/**
 * Records on a reservation what `startCheckout` records when Stripe is configured: it was made
 * for Stripe, with its Checkout Session (`cs_test_{id}`, the id these events carry). The suites
 * run without a Stripe key, so their reservations start as the local provider's.
 */
export async function madeForStripe(reservationId: string): Promise<void> {
  await adminDb.doc(`checkoutSessions/${reservationId}`).update({
    provider: 'stripe',
    stripeSessionId: `cs_test_${reservationId}`,
  });
}

/** The PaymentIntent these events say paid a reservation (orders record it). */
export const paymentIntentFor = (reservationId: string) => `pi_test_${reservationId}`;

/** Any other event, as Stripe builds them: `object` is the event's `data.object`. */
export function stripeEvent(type: string, object: Record<string, unknown>, id: string) {
  return {
    id,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  };
}

/** `charge.refunded` for the charge of a reservation's payment. */
export function chargeRefundedEvent(
  reservationId: string,
  { amount, amountRefunded }: { amount: number; amountRefunded: number },
) {
  return stripeEvent(
    'charge.refunded',
    {
      id: `ch_test_${reservationId}`,
      object: 'charge',
      amount,
      amount_refunded: amountRefunded,
      refunded: amountRefunded >= amount,
      currency: 'gbp',
      payment_intent: paymentIntentFor(reservationId),
    },
    `evt_refund_${reservationId}_${amountRefunded}`,
  );
}

/** `charge.dispute.created` for a reservation's payment. */
export function disputeEvent(reservationId: string, amount: number) {
  return stripeEvent(
    'charge.dispute.created',
    {
      id: `dp_test_${reservationId}`,
      object: 'dispute',
      amount,
      currency: 'gbp',
      charge: `ch_test_${reservationId}`,
      payment_intent: paymentIntentFor(reservationId),
      reason: 'fraudulent',
      status: 'needs_response',
    },
    `evt_dispute_${reservationId}`,
  );
}

export function signature(
  payload: string,
  { secret = WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {},
) {
  return stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

/** The webhook's answer. */
export interface WebhookAnswer {
  status: number;
}

function parsedOrUndefined(payload: string): unknown {
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return undefined;
  }
}

type Handler = (request: unknown, response: unknown) => Promise<void> | void;

/** Runs the webhook's handler here, with a request and response shaped as Express's. */
async function postInProcess(
  payload: string,
  headers: Record<string, string>,
  method: string,
): Promise<WebhookAnswer> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { stripeWebhook } = require('../../functions/src/functions/stripeWebhook') as {
    stripeWebhook: Handler;
  };
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const request = {
    method,
    headers: lower,
    rawBody: Buffer.from(payload),
    body: parsedOrUndefined(payload),
    header: (name: string) => lower[name.toLowerCase()],
    get: (name: string) => lower[name.toLowerCase()],
  };
  let status = 200;
  let ended: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (ended = resolve));
  const response = {
    status(code: number) {
      status = code;
      return response;
    },
    send() {
      ended();
      return response;
    },
    json() {
      ended();
      return response;
    },
    end() {
      ended();
      return response;
    },
    set: () => response,
    setHeader: () => response,
    on: () => response,
  };
  await stripeWebhook(request, response);
  await finished;
  return { status };
}

/** Posts a raw payload to the webhook; `header` null sends no signature at all. */
export async function postWebhook(
  payload: string,
  header: string | null = signature(payload),
  method = 'POST',
): Promise<WebhookAnswer> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(header === null ? {} : { 'stripe-signature': header }),
  };
  if (FUNCTIONS_IN_PROCESS) return postInProcess(payload, headers, method);
  const response = await fetch(functionUrl('stripeWebhook'), {
    method,
    headers,
    ...(method === 'GET' ? {} : { body: payload }),
  });
  return { status: response.status };
}

/** Posts an event, signed with the right secret and the current time. */
export const deliverEvent = (event: object) => postWebhook(JSON.stringify(event));
