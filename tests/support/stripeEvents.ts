/**
 * Posting to `stripeWebhook`: in the in-process suites its handler runs in this process with
 * the raw body and headers of the request (signature checks included); elsewhere they are
 * posted to the Functions emulator. The events themselves come from the Stripe double
 * (stripeDouble.ts); `signature` signs payloads a test changed, as a forger with the secret
 * would.
 */
import Stripe from 'stripe';
import { STRIPE_DOUBLE } from '../../emulators/config';
import { functionUrl } from './callables';
import { FUNCTIONS_IN_PROCESS } from './project';

/** The local-only signing secret from functions/.env.demo-rafflewin. */
const WEBHOOK_SECRET = STRIPE_DOUBLE.webhookSecret;
const stripe = new Stripe('sk_test_local_placeholder');

/** A `stripe-signature` header for a raw payload, as Stripe signs (`timestamp` in seconds). */
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
