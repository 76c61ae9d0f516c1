/**
 * The local Stripe double: an HTTP server that answers the `stripe` SDK (pointed at it with
 * its `host`/`port`/`protocol` options, only under the emulators), serves the hosted payment
 * page of each Checkout Session, and delivers the resulting events to the shop's webhook,
 * signed with its signing secret and retried like Stripe's.
 *
 * Beside Stripe's API it has a control surface for tests, under `/_double/`: pay a session
 * without a browser, hold a session's events and release them late, twice or out of order,
 * deliver one event again, read events signed for posting by hand, open a dispute and close it,
 * fail a refund, and answer a session's API requests with Stripe's 500 for a while (an outage).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { API_VERSION, newId, StripeApi, type StripeObject } from './api';
import { CARD_ERRORS, checkCard, type AcceptedCard, type CardEntry } from './cards';
import { closedPage, dashboard, notFoundPage, paymentPage } from './page';
import { parseForm, StripeError, type Params } from './params';
import { nowSeconds, WebhookSender, type StripeEvent } from './webhooks';

export interface DoubleOptions {
  port: number;
  host: string;
  /** The signing secret of every account's webhook endpoint. */
  webhookSecret: string;
  /** Secret key → the webhook URL its events go to (other keys' events are only stored). */
  endpoints: Record<string, string>;
  /** Where state is kept across restarts (`npm start`); none keeps it in memory only. */
  stateFile?: string;
  backoffMs?: number[];
}

interface StoredEvent {
  account: string;
  session: string | null;
  event: StripeEvent;
}

interface Idempotent {
  request: string;
  status: number;
  body: string;
}

export class StripeDouble {
  readonly api: StripeApi;
  private readonly events: StoredEvent[] = [];
  private readonly held = new Map<string, StripeEvent[]>();
  private readonly idempotency = new Map<string, Idempotent>();
  /** Session id → how many more API requests naming it answer 500 (`/_double/…/outage`). */
  private readonly outages = new Map<string, number>();
  private readonly sender: WebhookSender;
  private saveTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: DoubleOptions) {
    this.sender = new WebhookSender(options.webhookSecret, options.backoffMs);
    this.api = new StripeApi((account, type, object) => this.emit(account, type, object));
    this.load();
  }

  get base(): string {
    return `http://${this.options.host}:${this.options.port}`;
  }

  // Events

  /** The Checkout Session an object belongs to, so its events can be held with it. */
  private sessionOf(account: string, object: StripeObject): string | null {
    if (object.object === 'checkout.session') return object.id;
    const intent = object.object === 'payment_intent' ? object.id : object.payment_intent;
    if (typeof intent !== 'string') return null;
    const found = this.api
      .all()
      .find(
        (s) =>
          s.account === account &&
          s.value.object === 'checkout.session' &&
          s.value.payment_intent === intent,
      );
    return found?.value.id ?? null;
  }

  private emit(account: string, type: string, object: StripeObject): void {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      type,
      api_version: API_VERSION,
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    };
    const session = this.sessionOf(account, object);
    this.events.push({ account, session, event });
    const held = session ? this.held.get(session) : undefined;
    if (held) held.push(event);
    else this.send(account, event);
    this.changed();
  }

  private send(account: string, event: StripeEvent): void {
    const url = this.options.endpoints[account];
    if (url) this.sender.deliver(url, event);
  }

  private eventsOf(query: URLSearchParams): StoredEvent[] {
    const session = query.get('checkout_session');
    const type = query.get('type');
    return this.events.filter(
      (e) => (!session || e.session === session) && (!type || e.event.type === type),
    );
  }

  // State across restarts

  private load(): void {
    const file = this.options.stateFile;
    if (!file || !existsSync(file)) return;
    const state = JSON.parse(readFileSync(file, 'utf8')) as {
      objects: Parameters<StripeApi['restore']>[0];
      events: StoredEvent[];
    };
    this.api.restore(state.objects);
    this.events.push(...state.events);
  }

  private changed(): void {
    if (!this.options.stateFile || this.saveTimer) return;
    this.saveTimer = setTimeout(() => this.save(), 500);
  }

  save(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    if (!this.options.stateFile) return;
    writeFileSync(
      this.options.stateFile,
      JSON.stringify({ objects: this.api.all(), events: this.events.slice(-1000) }),
    );
  }

  // HTTP

  listen(): Promise<void> {
    const server = createServer((req, res) => {
      void this.route(req, res).catch((error: unknown) => {
        console.error('Stripe double:', error);
        if (!res.headersSent) send(res, 500, { error: { message: 'Internal error' } });
      });
    });
    setInterval(() => this.api.expireDue(), 5_000).unref();
    return new Promise((resolve) => server.listen(this.options.port, this.options.host, resolve));
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.base);
    const body = await readBody(req);
    const method = req.method ?? 'GET';
    if (url.pathname.startsWith('/v1/')) return this.apiRequest(req, res, url, body);
    if (url.pathname.startsWith('/_double/')) return this.control(res, method, url, body);
    const page = /^\/pay\/([^/]+)(\/cancel)?$/.exec(url.pathname);
    if (page) return this.hostedPage(res, method, page[1]!, Boolean(page[2]), body);
    if (url.pathname === '/' && method === 'GET') {
      const sessions = this.api
        .all()
        .filter((s) => s.value.object === 'checkout.session')
        .map((s) => s.value);
      return html(
        res,
        200,
        dashboard(sessions, this.sender.attempts, Object.values(this.options.endpoints)),
      );
    }
    html(res, 404, notFoundPage());
  }

  private apiRequest(req: IncomingMessage, res: ServerResponse, url: URL, body: string): void {
    const method = req.method ?? 'GET';
    const auth = req.headers.authorization ?? '';
    const key = /^Bearer (sk_test_\S+)$/.exec(auth)?.[1];
    if (!key) {
      send(res, 401, {
        error: {
          type: 'invalid_request_error',
          message:
            'Invalid API Key provided. The local Stripe double takes test keys (sk_test_…) only.',
        },
      });
      return;
    }
    if (this.outage(url.pathname)) {
      send(res, 500, {
        error: { type: 'api_error', message: 'An unknown error occurred', code: 'api_error' },
      });
      return;
    }
    const params = parseForm(method === 'GET' || method === 'DELETE' ? url.search.slice(1) : body);
    const idempotencyKey = req.headers['idempotency-key'];
    const remembered =
      method === 'POST' && typeof idempotencyKey === 'string' ? `${key} ${idempotencyKey}` : null;
    const fingerprint = createHash('sha256').update(`${url.pathname}?${body}`).digest('hex');
    if (remembered) {
      const previous = this.idempotency.get(remembered);
      if (previous) {
        if (previous.request !== fingerprint) {
          send(
            res,
            400,
            new StripeError(
              400,
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey as string}' if you meant to execute a different request.`,
              undefined,
              undefined,
              'idempotency_error',
            ).toJSON(),
          );
          return;
        }
        res.setHeader('idempotent-replayed', 'true');
        raw(res, previous.status, previous.body);
        return;
      }
    }
    let status = 200;
    let answer: unknown;
    try {
      answer = this.api.handle(key, method, url.pathname, params, this.base);
      this.changed();
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      status = error.status;
      answer = error.toJSON();
    }
    const text = JSON.stringify(answer);
    // Stripe remembers an idempotent request's answer, errors included (except 5xx), for a day.
    if (remembered) this.idempotency.set(remembered, { request: fingerprint, status, body: text });
    raw(res, status, text);
  }

  /** True when a request to `path` meets an outage set for the session it names (one used up). */
  private outage(path: string): boolean {
    const id = path.split('/').find((part) => this.outages.has(part));
    if (!id) return false;
    const left = this.outages.get(id)! - 1;
    if (left > 0) this.outages.set(id, left);
    else this.outages.delete(id);
    return true;
  }

  private sessionForPage(id: string): { account: string; session: StripeObject } | null {
    const stored = this.api
      .all()
      .find((s) => s.value.id === id && s.value.object === 'checkout.session');
    return stored ? { account: stored.account, session: stored.value } : null;
  }

  /** What the page shows beside the session: the customer's saved cards, the coupons' names. */
  private pageParts(account: string, session: StripeObject) {
    const savedCards = session.customer
      ? (this.api.paymentMethodsOf(account, { customer: session.customer as string })
          .data as StripeObject[])
      : [];
    const discountNames = (session.discounts as Array<{ coupon: string }>).map(
      ({ coupon }) => (this.api.get(account, coupon, 'coupon').name as string | null) ?? 'Discount',
    );
    return { savedCards, discountNames };
  }

  /**
   * Pays (or saves the card of) a session: where to go next, or the page's error. A card of a
   * funding the session blocks is refused as Stripe's page refuses it; the test control may
   * let one through (`ignoreRestrictions`), as a payment that got past the page would be.
   */
  private pay(
    account: string,
    session: StripeObject,
    entry: CardEntry | { saved: string },
    ignoreRestrictions = false,
  ): { redirect: string } | { error: string } {
    let card: AcceptedCard | string;
    let funding: string;
    if ('saved' in entry) {
      const saved = this.pageParts(account, session).savedCards.find((c) => c.id === entry.saved);
      if (!saved) return { error: 'Choose a saved card.' };
      card = saved.id;
      funding = String((saved.card as { funding?: unknown } | undefined)?.funding);
    } else {
      const checked = checkCard(entry);
      if (typeof checked === 'string') {
        if (checked === CARD_ERRORS.declined) this.api.declined(account, session.id);
        return { error: checked };
      }
      card = checked;
      funding = checked.funding;
    }
    if (!ignoreRestrictions && !this.api.takesFunding(session, funding)) {
      return { error: CARD_ERRORS.notSupported };
    }
    this.api.completeCheckoutSession(account, session.id, card);
    this.changed();
    return {
      redirect: String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id),
    };
  }

  private hostedPage(
    res: ServerResponse,
    method: string,
    id: string,
    cancel: boolean,
    body: string,
  ): void {
    const found = this.sessionForPage(id);
    if (!found) return html(res, 404, notFoundPage());
    const { account, session } = found;
    if (cancel) {
      const back = (session.cancel_url ?? session.success_url) as string;
      return redirect(res, back.replace('{CHECKOUT_SESSION_ID}', session.id));
    }
    if (session.status !== 'open') return html(res, 200, closedPage(session));
    if (method !== 'POST') {
      return html(res, 200, paymentPage({ session, ...this.pageParts(account, session) }));
    }
    const form = new URLSearchParams(body);
    const entry =
      form.get('use') === 'saved'
        ? { saved: form.get('saved') ?? '' }
        : {
            name: form.get('name') ?? '',
            number: form.get('number') ?? '',
            expiry: form.get('expiry') ?? '',
            cvc: form.get('cvc') ?? '',
          };
    const outcome = this.pay(account, session, entry);
    if ('redirect' in outcome) return redirect(res, outcome.redirect);
    const typed =
      'saved' in entry ? {} : { name: entry.name, number: entry.number, expiry: entry.expiry };
    html(
      res,
      402,
      paymentPage({
        session,
        ...this.pageParts(account, session),
        error: outcome.error,
        typed,
      }),
    );
  }

  /** The test control surface. */
  private control(res: ServerResponse, method: string, url: URL, body: string): void {
    const parts = url.pathname.split('/').slice(2);
    const json = body ? (JSON.parse(body) as Params) : {};
    const [resource, id, action] = parts;
    if (resource === 'checkout_sessions' && id && method === 'POST') {
      const found = this.sessionForPage(id);
      if (!found) return send(res, 404, { error: 'No such checkout session' });
      if (action === 'pay') {
        if (found.session.status !== 'open') {
          return send(res, 409, {
            error: `This Checkout Session is ${String(found.session.status)}.`,
          });
        }
        const entry = json.payment_method
          ? { saved: json.payment_method as string }
          : {
              name: (json.name as string | undefined) ?? 'Test Buyer',
              number: (json.number as string | undefined) ?? '4242424242424242',
              expiry: (json.expiry as string | undefined) ?? '12/34',
              cvc: (json.cvc as string | undefined) ?? '123',
            };
        return send(
          res,
          200,
          this.pay(found.account, found.session, entry, json.ignore_restrictions === true),
        );
      }
      if (action === 'outage') {
        const requests = Number(json.requests ?? 0);
        if (requests > 0) this.outages.set(id, requests);
        else this.outages.delete(id);
        return send(res, 200, { requests });
      }
      if (action === 'hold') {
        this.held.set(id, this.held.get(id) ?? []);
        return send(res, 200, { held: true });
      }
      if (action === 'release') {
        const events = this.held.get(id) ?? [];
        this.held.delete(id);
        const ordered = json.order === 'reverse' ? [...events].reverse() : events;
        const times = Number(json.times ?? 1);
        for (let i = 0; i < times; i += 1) {
          for (const event of ordered) this.send(found.account, event);
        }
        return send(res, 200, { released: events.map((e) => e.type) });
      }
    }
    // Stripe forgets an idempotency key a day after its first use: a request sent again after
    // that is a new request. Forgets those that begin with `prefix` (as that day passing would).
    if (resource === 'idempotency' && id === 'forget' && method === 'POST') {
      const prefix = String(json.prefix ?? '');
      const forgotten = [...this.idempotency.keys()].filter((remembered) =>
        remembered.slice(remembered.indexOf(' ') + 1).startsWith(prefix),
      );
      for (const remembered of forgotten) this.idempotency.delete(remembered);
      return send(res, 200, { forgotten: forgotten.length });
    }
    if (resource === 'events' && method === 'GET' && !id) {
      return send(
        res,
        200,
        this.eventsOf(url.searchParams).map(({ event }) => ({
          id: event.id,
          type: event.type,
          ...this.sender.signed(event),
        })),
      );
    }
    if (resource === 'events' && id && action === 'deliver' && method === 'POST') {
      const stored = this.events.find((e) => e.event.id === id);
      const endpoint = stored && this.options.endpoints[stored.account];
      if (!stored || !endpoint) return send(res, 404, { error: 'No such event or no endpoint' });
      void this.sender.attempt(endpoint, stored.event).then((status) => send(res, 200, { status }));
      return;
    }
    if (resource === 'charges' && id && action === 'dispute' && method === 'POST') {
      const stored = this.api.all().find((s) => s.value.id === id);
      if (!stored) return send(res, 404, { error: 'No such charge' });
      return send(res, 200, this.api.dispute(stored.account, id));
    }
    if (resource === 'disputes' && id && action === 'close' && method === 'POST') {
      const stored = this.api.all().find((s) => s.value.id === id);
      if (!stored) return send(res, 404, { error: 'No such dispute' });
      return send(res, 200, this.api.closeDispute(stored.account, id, String(json.status)));
    }
    if (resource === 'refunds' && id && action === 'fail' && method === 'POST') {
      const stored = this.api.all().find((s) => s.value.id === id);
      if (!stored) return send(res, 404, { error: 'No such refund' });
      const reason = String(json.reason ?? 'expired_or_canceled_card');
      return send(res, 200, this.api.failRefund(stored.account, id, reason));
    }
    if (resource === 'attempts' && method === 'GET') return send(res, 200, this.sender.attempts);
    send(res, 404, { error: 'Unknown control request' });
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function raw(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
  res.end(text);
}

const send = (res: ServerResponse, status: number, body: unknown) =>
  raw(res, status, JSON.stringify(body));

function html(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(text);
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location });
  res.end();
}
