import { logger } from 'firebase-functions/v2';
import { errorFields } from '../lib/logging';
import { onRequest } from 'firebase-functions/v2/https';
import type Stripe from 'stripe';
import { db, REGION } from '../lib/firebase';
import { STRIPE_API_VERSION, stripe, webhookSecret } from '../services/payments/stripe';
import { handleStripeEvent } from '../services/payments/webhookEvents';

/**
 * Stripe's webhook. The signature is verified on the raw body with the stripe library: a bad
 * or missing signature answers 400 and changes nothing. A failure while handling answers 500
 * so Stripe delivers again (fulfilment is idempotent); unknown events answer 200.
 */
export const stripeWebhook = onRequest({ region: REGION }, async (req, res) => {
  if (req.method !== 'POST') {
    res.status(405).send('Method not allowed');
    return;
  }
  const secret = webhookSecret();
  if (!secret) {
    logger.error('STRIPE_WEBHOOK_SECRET is not set');
    res.status(500).send('Webhook not configured');
    return;
  }
  let event: Stripe.Event;
  try {
    event = (await stripe()).webhooks.constructEvent(
      req.rawBody,
      req.header('stripe-signature') ?? '',
      secret,
    );
  } catch (error) {
    logger.warn('Rejected a webhook with a bad signature', { error: String(error) });
    res.status(400).send('Invalid signature');
    return;
  }
  // Signed, but not an event at all (a JSON string, array or null).
  if (typeof event !== 'object' || event === null || Array.isArray(event)) {
    logger.warn('Rejected a signed webhook that is not an event');
    res.status(400).send('Not an event');
    return;
  }
  // An endpoint created at another API version gets events shaped as that version has them.
  // They are handled still (refusing would have Stripe give up on them, since a retry keeps the
  // same shape), but loudly, so that the endpoint is moved to this version.
  if (event.api_version !== STRIPE_API_VERSION) {
    logger.error('Webhook endpoint API version differs from the shop’s', {
      endpoint: event.api_version,
      shop: STRIPE_API_VERSION,
      id: event.id,
    });
  }
  try {
    await handleStripeEvent(db, event);
    res.status(200).json({ received: true });
  } catch (error) {
    logger.error('Webhook handling failed', {
      type: event.type,
      id: event.id,
      ...errorFields(error),
    });
    res.status(500).send('Handling failed');
  }
});
