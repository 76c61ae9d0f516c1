/**
 * Webhook delivery as Stripe does it: each event POSTed as JSON with a `Stripe-Signature`
 * header (HMAC-SHA256 of `timestamp.payload` with the endpoint's signing secret), and an
 * answer other than 2xx (or no answer) retried with growing back-off until it succeeds or the
 * attempts run out. Every attempt is logged for the dashboard.
 */
import { createHmac } from 'node:crypto';

export interface StripeEvent {
  id: string;
  object: 'event';
  type: string;
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Record<string, unknown> };
}

export interface Attempt {
  eventId: string;
  type: string;
  at: string;
  status: number | 'no answer';
}

/** The `Stripe-Signature` header for a payload, signed now. */
export function signPayload(payload: string, secret: string, timestamp = nowSeconds()): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export class WebhookSender {
  readonly attempts: Attempt[] = [];

  constructor(
    private readonly secret: string,
    /** Waits before the 2nd, 3rd, … attempts (Stripe's are hours apart; here, seconds). */
    private readonly backoffMs: number[] = [1000, 2000, 4000, 8000, 15000, 30000, 60000],
  ) {}

  /** The event as delivered: its payload and signature header. */
  signed(event: StripeEvent) {
    const payload = JSON.stringify(event);
    return { payload, signature: signPayload(payload, this.secret) };
  }

  /** One attempt; resolves with the endpoint's status (or 'no answer'). */
  async attempt(url: string, event: StripeEvent): Promise<number | 'no answer'> {
    const { payload, signature } = this.signed(event);
    let status: number | 'no answer';
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(60_000),
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      status = 'no answer';
    }
    this.attempts.push({
      eventId: event.id,
      type: event.type,
      at: new Date().toISOString(),
      status,
    });
    if (this.attempts.length > 500) this.attempts.splice(0, this.attempts.length - 500);
    return status;
  }

  /** Delivers in the background, retrying until a 2xx answer or the attempts run out. */
  deliver(url: string, event: StripeEvent): void {
    void (async () => {
      for (let i = 0; ; i += 1) {
        const status = await this.attempt(url, event);
        if (typeof status === 'number' && status >= 200 && status < 300) return;
        const wait = this.backoffMs[i];
        if (wait === undefined) return;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    })();
  }
}
