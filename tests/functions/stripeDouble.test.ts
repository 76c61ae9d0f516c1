/**
 * The local Stripe double answers the `stripe` SDK as Stripe would where a mistake would hurt
 * us, and delivers webhooks as Stripe does: signed, and retried with back-off until answered.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { STRIPE_DOUBLE } from '../../emulators/config';
import { WebhookSender, type StripeEvent } from '../../emulators/stripe/webhooks';
import { stripe } from '../../functions/src/services/payments/stripe';
import { CARDS, CARD_NOT_SUPPORTED, payOnStripe } from '../support/stripeDouble';

jest.setTimeout(60_000);

const now = () => Math.floor(Date.now() / 1000);

const session = (changes: Record<string, unknown> = {}) =>
  ({
    mode: 'payment',
    line_items: [
      {
        quantity: 2,
        price_data: { currency: 'gbp', unit_amount: 150, product_data: { name: 'A prize' } },
      },
    ],
    expires_at: now() + 31 * 60,
    success_url: 'http://127.0.0.1:5000/done',
    cancel_url: 'http://127.0.0.1:5000/back',
    ...changes,
  }) as Stripe.Checkout.SessionCreateParams;

async function refusal(params: Stripe.Checkout.SessionCreateParams) {
  try {
    await (await stripe()).checkout.sessions.create(params);
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    return { code, message };
  }
  throw new Error('The double accepted it');
}

describe('the Stripe double', () => {
  it('creates a Checkout Session priced from its line items, with a hosted page', async () => {
    const created = await (await stripe()).checkout.sessions.create(session());
    expect(created).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 300,
      currency: 'gbp',
    });
    expect(created.url).toBe(`http://127.0.0.1:12111/pay/${created.id}`);
    expect(await payOnStripe(created.id)).toEqual({ redirect: 'http://127.0.0.1:5000/done' });
  });

  it('refuses what Stripe refuses: unknown parameters, fractions, other currencies, bad expiry', async () => {
    expect(await refusal(session({ surprise: 'yes' }))).toEqual({
      code: 'parameter_unknown',
      message: 'Received unknown parameter: surprise',
    });
    const fraction = session();
    fraction.line_items![0]!.price_data!.unit_amount = 1.5;
    expect(await refusal(fraction)).toEqual({
      code: 'parameter_invalid',
      message: 'Invalid integer: 1.5',
    });
    const dollars = session();
    dollars.line_items![0]!.price_data!.currency = 'xyz';
    expect((await refusal(dollars)).message).toBe('Invalid currency: xyz');
    for (const expiresAt of [now() + 10 * 60, now() + 25 * 3600]) {
      expect((await refusal(session({ expires_at: expiresAt }))).message).toMatch(
        /must be between 30 minutes and 24 hours/,
      );
    }
    expect((await refusal(session({ success_url: undefined }))).message).toBe(
      'Missing required param: success_url.',
    );
  });

  it('takes cards only where asked, and refuses a card of a funding type the session blocks', async () => {
    const debitOnly = session({
      allowed_payment_method_types: ['card'],
      payment_method_options: { card: { restrictions: { funding_types_blocked: ['credit'] } } },
    });
    const created = await (await stripe()).checkout.sessions.create(debitOnly);
    expect(created).toMatchObject({
      allowed_payment_method_types: ['card'],
      payment_method_options: { card: { restrictions: { funding_types_blocked: ['credit'] } } },
    });
    expect(await payOnStripe(created.id, { number: CARDS.credit })).toEqual({
      error: CARD_NOT_SUPPORTED,
    });
    expect(await payOnStripe(created.id, { number: CARDS.debit })).toEqual({
      redirect: 'http://127.0.0.1:5000/done',
    });
    // The pinned API's own names only: `payment_method_types` is not one of them.
    expect(await refusal(session({ payment_method_types: ['card'] }))).toEqual({
      code: 'parameter_unknown',
      message: 'Received unknown parameter: payment_method_types',
    });
    const cash = session({
      payment_method_options: { card: { restrictions: { funding_types_blocked: ['cash'] } } },
    });
    expect((await refusal(cash)).message).toMatch(/must be one of credit, debit or prepaid/);
  });

  it('replays an idempotent request with the same answer, and refuses the key with other parameters', async () => {
    const client = await stripe();
    const key = `double-test-${Date.now()}`;
    // One set of parameters for both: built twice, a second's tick between them would change
    // expires_at, and the double would rightly refuse the key.
    const params = session();
    const first = await client.checkout.sessions.create(params, { idempotencyKey: key });
    const again = await client.checkout.sessions.create(params, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    const other = session({ client_reference_id: 'another' });
    await expect(client.checkout.sessions.create(other, { idempotencyKey: key })).rejects.toThrow(
      /Keys for idempotent requests can only be used with the same parameters/,
    );
  });

  it('refuses keys that are not test keys', async () => {
    const live = new Stripe('sk_live_nope', { host: '127.0.0.1', port: 12111, protocol: 'http' });
    await expect(live.customers.create({})).rejects.toMatchObject({ statusCode: 401 });
  });
});

describe('webhook delivery', () => {
  /** Node may run a timer a millisecond before Date.now() says it is due. */
  const TIMER_SLACK_MS = 5;
  let server: Server;
  const answers: number[] = [];
  const received: Array<{ signature: string; body: string; at: number }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ signature: String(req.headers['stripe-signature']), body, at: Date.now() });
        res.statusCode = answers.shift() ?? 200;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('signs each event and retries non-2xx answers with growing waits until one succeeds', async () => {
    const { port } = server.address() as AddressInfo;
    const backoffMs = [100, 300, 900];
    const sender = new WebhookSender(STRIPE_DOUBLE.webhookSecret, backoffMs);
    answers.push(500, 503);
    const event: StripeEvent = {
      id: 'evt_retry',
      object: 'event',
      type: 'checkout.session.completed',
      api_version: '2026-10-28.endive',
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { id: 'cs_x', object: 'checkout.session' } },
    };
    sender.deliver(`http://127.0.0.1:${port}/hook`, event);
    const deadline = Date.now() + 10_000;
    // The sender records an attempt once its answer is back, after the receiver has counted it.
    while (sender.attempts.length < 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(received).toHaveLength(3);
    // Each retry waits at least its own step of the back-off (a busy machine only adds to it;
    // comparing the two gaps with each other failed when the first request was slow).
    const gaps = [received[1]!.at - received[0]!.at, received[2]!.at - received[1]!.at];
    expect(gaps[0]).toBeGreaterThanOrEqual(backoffMs[0]! - TIMER_SLACK_MS);
    expect(gaps[1]).toBeGreaterThanOrEqual(backoffMs[1]! - TIMER_SLACK_MS);
    expect(sender.attempts.map((a) => a.status)).toEqual([500, 503, 200]);
    // Each attempt verifies with the webhook's secret, as the shop's webhook checks it.
    const verifier = new Stripe('sk_test_unused');
    for (const delivery of received) {
      const verified = verifier.webhooks.constructEvent(
        delivery.body,
        delivery.signature,
        STRIPE_DOUBLE.webhookSecret,
      );
      expect(verified.id).toBe('evt_retry');
    }
  });
});
