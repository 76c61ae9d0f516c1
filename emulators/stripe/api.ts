/**
 * The subset of Stripe's REST API the shop calls, kept in memory: Checkout Sessions (payment
 * and setup mode; create, retrieve, expire), PaymentIntents, Charges, Refunds, Coupons,
 * Customers, SetupIntents and PaymentMethods, plus the events each change emits. Objects
 * belong to the secret key that made them (an account), as at Stripe.
 */
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import type { AcceptedCard } from './cards';
import { checkParams, invalid, required, StripeError, type Params, type Shape } from './params';
import { nowSeconds, type StripeEvent } from './webhooks';

/** The API version the double speaks: the pinned SDK's (the compiler checks they agree). */
export const API_VERSION: Stripe.LatestApiVersion = '2026-10-28.endive';

type StripeObject = Record<string, unknown> & { id: string; object: string };

interface Stored {
  account: string;
  value: StripeObject;
}

export const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('base64url')}`;

const CURRENCIES = ['gbp', 'eur', 'usd'];
const MIN_EXPIRY_S = 30 * 60;
const MAX_EXPIRY_S = 24 * 60 * 60;

const metadata = 'metadata' as const;
const lineItem: Shape = {
  quantity: 'integer',
  price_data: {
    currency: 'string',
    unit_amount: 'integer',
    product_data: { name: 'string', description: 'string', images: 'strings' },
  },
};
const SHAPES = {
  checkoutSession: {
    mode: { enum: ['payment', 'setup'] },
    client_reference_id: 'string',
    customer: 'string',
    customer_email: 'string',
    currency: 'string',
    line_items: [lineItem],
    expires_at: 'integer',
    discounts: [{ coupon: 'string' }],
    metadata,
    payment_intent_data: { metadata, setup_future_usage: { enum: ['off_session', 'on_session'] } },
    setup_intent_data: { metadata },
    allowed_payment_method_types: 'strings',
    excluded_payment_method_types: 'strings',
    payment_method_options: {
      card: { restrictions: { brands_blocked: 'strings', funding_types_blocked: 'strings' } },
    },
    success_url: 'string',
    cancel_url: 'string',
    expand: 'strings',
  },
  coupon: {
    amount_off: 'integer',
    percent_off: 'integer',
    currency: 'string',
    duration: { enum: ['once', 'forever', 'repeating'] },
    max_redemptions: 'integer',
    name: { maxLength: 40 },
    metadata,
  },
  refund: {
    payment_intent: 'string',
    charge: 'string',
    amount: 'integer',
    reason: { enum: ['duplicate', 'fraudulent', 'requested_by_customer'] },
    metadata,
    expand: 'strings',
  },
  customer: { email: 'string', name: 'string', metadata, expand: 'strings' },
  setupIntent: {
    customer: 'string',
    usage: { enum: ['off_session', 'on_session'] },
    allowed_payment_method_types: 'strings',
    payment_method_types: 'strings',
    metadata,
    expand: 'strings',
  },
  expandOnly: { expand: 'strings' },
  list: { customer: 'string', type: 'string', limit: 'integer', expand: 'strings' },
  refundList: {
    payment_intent: 'string',
    charge: 'string',
    limit: 'integer',
    starting_after: 'string',
    expand: 'strings',
  },
} satisfies Record<string, Shape>;

/** What a change asks the server to do after it: emit these events. */
export type Emit = (account: string, type: string, object: StripeObject) => void;

const CARD_FUNDING = ['credit', 'debit', 'prepaid'];

/** The card funding types a Checkout Session's parameters (or the session) block. */
function blockedFunding(params: Params | StripeObject): string[] {
  const options = params.payment_method_options as Params | null | undefined;
  const restrictions = (options?.card as Params | undefined)?.restrictions as Params | undefined;
  return (restrictions?.funding_types_blocked as string[] | undefined) ?? [];
}

export class StripeApi {
  private readonly objects = new Map<string, Stored>();

  constructor(private readonly emit: Emit) {}

  /** Every stored object, for the dashboard and the state file. */
  all(): Stored[] {
    return [...this.objects.values()];
  }

  restore(stored: Stored[]): void {
    for (const item of stored) this.objects.set(item.value.id, item);
  }

  private put(account: string, value: StripeObject): StripeObject {
    this.objects.set(value.id, { account, value });
    return value;
  }

  /** An object of this account, or Stripe's 404. */
  get(account: string, id: string, object?: string): StripeObject {
    const found = this.objects.get(id);
    if (!found || found.account !== account || (object && found.value.object !== object)) {
      throw new StripeError(
        404,
        `No such ${object ?? 'object'}: '${id}'`,
        'resource_missing',
        'id',
      );
    }
    return found.value;
  }

  /** The object with the requested fields expanded (one level: `payment_method`, …). */
  expanded(account: string, value: StripeObject, expand: unknown): StripeObject {
    const fields = Array.isArray(expand) ? (expand as string[]) : [];
    const copy: StripeObject = { ...value };
    for (const field of fields) {
      const [head, ...rest] = field.split('.');
      const id = head ? copy[head] : undefined;
      if (typeof id !== 'string') continue;
      const inner = this.objects.get(id);
      if (!inner || inner.account !== account) continue;
      copy[head!] = this.expanded(account, inner.value, rest.length ? [rest.join('.')] : []);
    }
    return copy;
  }

  // Checkout Sessions

  /** Whether the session's page takes a card of this funding (its `funding_types_blocked`). */
  takesFunding(session: StripeObject, funding: string): boolean {
    return !blockedFunding(session).includes(funding);
  }

  createCheckoutSession(account: string, raw: Params, pageBase: string): StripeObject {
    const params = checkParams(raw, SHAPES.checkoutSession);
    required(params, 'mode', 'success_url');
    const now = nowSeconds();
    const expiresAt = (params.expires_at as number | undefined) ?? now + MAX_EXPIRY_S;
    if (expiresAt < now + MIN_EXPIRY_S - 5 || expiresAt > now + MAX_EXPIRY_S + 5) {
      throw invalid(
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
        'expires_at',
      );
    }
    if (params.customer) this.get(account, params.customer as string, 'customer');
    const blocked = blockedFunding(params);
    const unknownFunding = blocked.find((type) => !CARD_FUNDING.includes(type));
    if (unknownFunding !== undefined) {
      throw invalid(
        `Invalid payment_method_options[card][restrictions][funding_types_blocked][]: must be one of credit, debit or prepaid`,
        'payment_method_options[card][restrictions][funding_types_blocked]',
      );
    }
    const items = (params.line_items as Params[] | undefined) ?? [];
    let subtotal = 0;
    let currency = (params.currency as string | undefined) ?? null;
    if (params.mode === 'payment') {
      if (items.length === 0) {
        throw invalid('Missing required param: line_items.', 'line_items', 'parameter_missing');
      }
      items.forEach((item, i) => {
        const data = item.price_data as Params | undefined;
        const quantity = item.quantity as number | undefined;
        if (!data) throw invalid('Missing required param: line_items[0][price_data].');
        if (quantity === undefined || quantity < 1) {
          throw invalid(
            `Invalid quantity: line_items[${i}][quantity]`,
            `line_items[${i}][quantity]`,
          );
        }
        const amount = data.unit_amount as number | undefined;
        if (amount === undefined || amount < 0) {
          throw invalid(
            'Missing required param: line_items[0][price_data][unit_amount].',
            `line_items[${i}][price_data][unit_amount]`,
            'parameter_missing',
          );
        }
        const itemCurrency = data.currency as string | undefined;
        if (!itemCurrency || !CURRENCIES.includes(itemCurrency)) {
          throw invalid(
            `Invalid currency: ${itemCurrency ?? ''}`,
            `line_items[${i}][price_data][currency]`,
          );
        }
        if (currency && currency !== itemCurrency) {
          throw invalid('All line items must have the same currency.', 'line_items');
        }
        currency = itemCurrency;
        if (!(data.product_data as Params | undefined)?.name) {
          throw invalid(
            `Missing required param: line_items[${i}][price_data][product_data][name].`,
            undefined,
            'parameter_missing',
          );
        }
        subtotal += amount * quantity;
      });
    } else if (items.length > 0) {
      throw invalid('You cannot pass `line_items` in `setup` mode.', 'line_items');
    }
    let discount = 0;
    for (const entry of (params.discounts as Params[] | undefined) ?? []) {
      const coupon = this.get(account, entry.coupon as string, 'coupon');
      if (
        coupon.max_redemptions !== null &&
        (coupon.times_redeemed as number) >= (coupon.max_redemptions as number)
      ) {
        throw invalid(`Coupon ${coupon.id} has been redeemed the maximum number of times.`);
      }
      discount += (coupon.amount_off as number | null) ?? 0;
    }
    const id = newId('cs');
    const setupIntent =
      params.mode === 'setup'
        ? this.createSetupIntent(account, {
            ...(params.customer ? { customer: params.customer } : {}),
            metadata: (params.setup_intent_data as Params | undefined)?.metadata ?? {},
            usage: 'off_session',
          }).id
        : null;
    return this.put(account, {
      id,
      object: 'checkout.session',
      mode: params.mode,
      status: 'open',
      payment_status: params.mode === 'setup' ? 'no_payment_required' : 'unpaid',
      amount_subtotal: params.mode === 'setup' ? null : subtotal,
      amount_total: params.mode === 'setup' ? null : Math.max(0, subtotal - discount),
      currency,
      client_reference_id: params.client_reference_id ?? null,
      customer: params.customer ?? null,
      customer_email: params.customer_email ?? null,
      created: now,
      expires_at: expiresAt,
      livemode: false,
      metadata: params.metadata ?? {},
      payment_intent: null,
      setup_intent: setupIntent,
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      url: `${pageBase}/pay/${id}`,
      line_items: {
        object: 'list',
        data: items.map((item, i) => {
          const data = item.price_data as Params;
          return {
            id: `li_${i}`,
            object: 'item',
            description: (data.product_data as Params).name,
            quantity: item.quantity,
            currency: data.currency,
            amount_total: (data.unit_amount as number) * (item.quantity as number),
            price: { unit_amount: data.unit_amount, currency: data.currency },
          };
        }),
      },
      discounts: params.discounts ?? [],
      allowed_payment_method_types: params.allowed_payment_method_types ?? null,
      payment_method_options: params.payment_method_options ?? null,
      payment_intent_data: params.payment_intent_data ?? {},
      total_details: { amount_discount: discount },
    });
  }

  expireCheckoutSession(account: string, id: string): StripeObject {
    const session = this.get(account, id, 'checkout.session');
    if (session.status !== 'open') {
      throw invalid(
        'Only Checkout Sessions with a status in ["open"] can be expired.',
        undefined,
        'checkout_session_expired',
      );
    }
    session.status = 'expired';
    this.emit(account, 'checkout.session.expired', session);
    return session;
  }

  /** Sessions past their `expires_at` expire (as Stripe does within minutes; here at once). */
  expireDue(): void {
    const now = nowSeconds();
    for (const { account, value } of this.objects.values()) {
      if (value.object === 'checkout.session' && value.status === 'open') {
        if ((value.expires_at as number) <= now) this.expireCheckoutSession(account, value.id);
      }
    }
  }

  /**
   * The hosted page's payment: a PaymentMethod for the card (or a saved one), then a
   * PaymentIntent and its Charge; the session completes and the events go out.
   */
  completeCheckoutSession(account: string, id: string, card: AcceptedCard | string): StripeObject {
    const session = this.get(account, id, 'checkout.session');
    if (session.status !== 'open')
      throw invalid(`This Checkout Session is ${String(session.status)}.`);
    const method =
      typeof card === 'string'
        ? this.get(account, card, 'payment_method')
        : this.createPaymentMethod(account, card);
    if (session.mode === 'setup') {
      const intent = this.get(account, session.setup_intent as string, 'setup_intent');
      this.attach(account, method, (session.customer as string | null) ?? null);
      Object.assign(intent, { status: 'succeeded', payment_method: method.id });
      Object.assign(session, { status: 'complete' });
      this.emit(account, 'setup_intent.succeeded', intent);
      this.emit(account, 'checkout.session.completed', session);
      return session;
    }
    const piData = session.payment_intent_data as Params;
    if (piData.setup_future_usage && session.customer) {
      this.attach(account, method, session.customer as string);
    }
    for (const entry of session.discounts as Params[]) {
      const coupon = this.get(account, entry.coupon as string, 'coupon');
      coupon.times_redeemed = (coupon.times_redeemed as number) + 1;
    }
    const amount = session.amount_total as number;
    const intent = this.intentOf(account, session);
    const intentId = intent.id;
    const charge = this.put(account, {
      id: newId('ch'),
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      currency: session.currency,
      paid: true,
      refunded: false,
      disputed: false,
      status: 'succeeded',
      payment_intent: intentId,
      payment_method: method.id,
      payment_method_details: { type: 'card', card: method.card },
      created: nowSeconds(),
      metadata: (piData.metadata as Params | undefined) ?? {},
      livemode: false,
    });
    Object.assign(intent, {
      amount_received: amount,
      status: 'succeeded',
      payment_method: method.id,
      latest_charge: charge.id,
      last_payment_error: null,
    });
    Object.assign(session, { status: 'complete', payment_status: 'paid' });
    this.emit(account, 'payment_intent.succeeded', intent);
    this.emit(account, 'charge.succeeded', charge);
    this.emit(account, 'checkout.session.completed', session);
    return session;
  }

  /**
   * The hosted page's refusal of a card: the session's PaymentIntent records the failed attempt
   * (and is the one a later card then pays), as at Stripe.
   */
  declined(account: string, id: string): void {
    const session = this.get(account, id, 'checkout.session');
    if (session.mode !== 'payment') return;
    const intent = this.intentOf(account, session);
    Object.assign(intent, {
      status: 'requires_payment_method',
      last_payment_error: {
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      },
    });
    this.emit(account, 'payment_intent.payment_failed', intent);
  }

  /** The session's PaymentIntent, made on the first attempt to pay. */
  private intentOf(account: string, session: StripeObject): StripeObject {
    if (typeof session.payment_intent === 'string') {
      return this.get(account, session.payment_intent, 'payment_intent');
    }
    const piData = session.payment_intent_data as Params;
    const intent = this.put(account, {
      id: newId('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: 0,
      currency: session.currency,
      status: 'requires_payment_method',
      customer: session.customer,
      payment_method: null,
      latest_charge: null,
      metadata: (piData.metadata as Params | undefined) ?? {},
      created: nowSeconds(),
      livemode: false,
    });
    session.payment_intent = intent.id;
    return intent;
  }

  // Payment methods, customers and setup intents

  private createPaymentMethod(account: string, card: AcceptedCard): StripeObject {
    return this.put(account, {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      customer: null,
      billing_details: { name: card.name },
      card: {
        brand: card.brand,
        last4: card.last4,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        funding: card.funding,
        country: 'GB',
      },
      created: nowSeconds(),
      livemode: false,
    });
  }

  private attach(account: string, method: StripeObject, customer: string | null): void {
    if (customer) this.get(account, customer, 'customer');
    method.customer = customer;
  }

  detachPaymentMethod(account: string, id: string): StripeObject {
    const method = this.get(account, id, 'payment_method');
    if (!method.customer) {
      throw invalid(
        'The payment method you provided is not attached to a customer so detachment is impossible.',
        undefined,
        'payment_method_unexpected_state',
      );
    }
    method.customer = null;
    this.emit(account, 'payment_method.detached', method);
    return method;
  }

  paymentMethodsOf(account: string, raw: Params): StripeObject {
    const params = checkParams(raw, SHAPES.list);
    const data = this.all()
      .filter((s) => s.account === account && s.value.object === 'payment_method')
      .map((s) => s.value)
      .filter((method) => method.customer === params.customer)
      .sort((a, b) => (b.created as number) - (a.created as number));
    return { id: 'list', object: 'list', data, has_more: false, url: '/v1/payment_methods' };
  }

  createCustomer(account: string, raw: Params): StripeObject {
    const params = checkParams(raw, SHAPES.customer);
    return this.put(account, {
      id: newId('cus'),
      object: 'customer',
      email: params.email ?? null,
      name: params.name ?? null,
      metadata: params.metadata ?? {},
      created: nowSeconds(),
      livemode: false,
    });
  }

  deleteCustomer(account: string, id: string): StripeObject {
    this.get(account, id, 'customer');
    this.objects.delete(id);
    for (const stored of this.objects.values()) {
      if (stored.value.object === 'payment_method' && stored.value.customer === id) {
        stored.value.customer = null;
      }
    }
    return { id, object: 'customer', deleted: true };
  }

  createSetupIntent(account: string, raw: Params): StripeObject {
    const params = checkParams(raw, SHAPES.setupIntent);
    if (params.customer) this.get(account, params.customer as string, 'customer');
    const id = newId('seti');
    return this.put(account, {
      id,
      object: 'setup_intent',
      customer: params.customer ?? null,
      status: 'requires_payment_method',
      payment_method: null,
      usage: params.usage ?? 'off_session',
      metadata: params.metadata ?? {},
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      created: nowSeconds(),
      livemode: false,
    });
  }

  // Coupons and refunds

  createCoupon(account: string, raw: Params): StripeObject {
    const params = checkParams(raw, SHAPES.coupon);
    required(params, 'duration');
    if (params.amount_off === undefined && params.percent_off === undefined) {
      throw invalid('Must provide one of `amount_off` or `percent_off`.');
    }
    if (params.amount_off !== undefined && !params.currency) {
      throw invalid('You must specify `currency` when using `amount_off`.', 'currency');
    }
    return this.put(account, {
      id: newId('coupon').replace('coupon_test_', ''),
      object: 'coupon',
      amount_off: params.amount_off ?? null,
      percent_off: params.percent_off ?? null,
      currency: params.currency ?? null,
      duration: params.duration,
      max_redemptions: params.max_redemptions ?? null,
      name: params.name ?? null,
      times_redeemed: 0,
      valid: true,
      metadata: params.metadata ?? {},
      created: nowSeconds(),
      livemode: false,
    });
  }

  createRefund(account: string, raw: Params): StripeObject {
    const params = checkParams(raw, SHAPES.refund);
    const intentId = params.payment_intent as string | undefined;
    const chargeId =
      (params.charge as string | undefined) ??
      (intentId
        ? (this.get(account, intentId, 'payment_intent').latest_charge as string)
        : undefined);
    if (!chargeId) throw invalid('Must provide one of `charge` or `payment_intent`.');
    const charge = this.get(account, chargeId, 'charge');
    // Stripe refuses to refund a charge its customer's bank is disputing, or has taken back;
    // once the shop has won the dispute the money is the shop's and can be refunded.
    const dispute = this.disputeOf(charge.id);
    if (dispute && !['won', 'warning_closed'].includes(dispute.status as string)) {
      throw invalid(
        `Charge ${charge.id} has been charged back; cannot issue a refund.`,
        undefined,
        'charge_disputed',
      );
    }
    const left = (charge.amount as number) - (charge.amount_refunded as number);
    if (left <= 0) {
      throw invalid(
        `Charge ${charge.id} has already been refunded.`,
        undefined,
        'charge_already_refunded',
      );
    }
    const amount = (params.amount as number | undefined) ?? left;
    if (amount < 1) throw invalid('Invalid positive integer', 'amount');
    if (amount > left) {
      throw invalid(
        `Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${(left / 100).toFixed(2)})`,
        'amount',
        'amount_too_large',
      );
    }
    const refund = this.put(account, {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      currency: charge.currency,
      payment_intent: charge.payment_intent,
      reason: params.reason ?? null,
      status: 'succeeded',
      metadata: params.metadata ?? {},
      created: nowSeconds(),
    });
    charge.amount_refunded = (charge.amount_refunded as number) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    this.emit(account, 'refund.created', refund);
    this.emit(account, 'charge.refunded', charge);
    return refund;
  }

  /** Refunds, newest first, of one payment or charge (`GET /v1/refunds`). */
  refundsOf(account: string, raw: Params): StripeObject {
    const params = checkParams(raw, SHAPES.refundList);
    const limit = (params.limit as number | undefined) ?? 10;
    if (limit < 1 || limit > 100) throw invalid('Invalid integer', 'limit');
    const all = this.all()
      .filter((s) => s.account === account && s.value.object === 'refund')
      .map((s) => s.value)
      .reverse()
      .filter(
        (refund) =>
          (params.payment_intent === undefined ||
            refund.payment_intent === params.payment_intent) &&
          (params.charge === undefined || refund.charge === params.charge),
      )
      .sort((a, b) => (b.created as number) - (a.created as number));
    const after = params.starting_after
      ? all.findIndex((refund) => refund.id === params.starting_after) + 1
      : 0;
    const data = all.slice(after, after + limit);
    return {
      id: 'list',
      object: 'list',
      data,
      has_more: after + limit < all.length,
      url: '/v1/refunds',
    };
  }

  /** A dispute opened by the customer's bank (the dashboard's "dispute" button). */
  dispute(account: string, chargeId: string): StripeObject {
    const charge = this.get(account, chargeId, 'charge');
    const dispute = this.put(account, {
      id: newId('dp'),
      object: 'dispute',
      amount: charge.amount,
      charge: charge.id,
      currency: charge.currency,
      payment_intent: charge.payment_intent,
      reason: 'fraudulent',
      status: 'needs_response',
      created: nowSeconds(),
    });
    charge.disputed = true;
    this.emit(account, 'charge.dispute.created', dispute);
    return dispute;
  }

  /**
   * The card's bank sends a refund back (the card was closed, lost or stolen), days after it
   * succeeded: the money returns to the balance and the charge counts it unrefunded again.
   */
  failRefund(account: string, refundId: string, reason: string): StripeObject {
    const refund = this.get(account, refundId, 'refund');
    if (refund.status === 'failed') return refund;
    Object.assign(refund, { status: 'failed', failure_reason: reason });
    const charge = this.get(account, refund.charge as string, 'charge');
    charge.amount_refunded = (charge.amount_refunded as number) - (refund.amount as number);
    charge.refunded = false;
    this.emit(account, 'charge.refund.updated', refund);
    this.emit(account, 'refund.updated', refund);
    this.emit(account, 'refund.failed', refund);
    return refund;
  }

  /** The charge's dispute, if its customer's bank opened one. */
  private disputeOf(chargeId: unknown): StripeObject | undefined {
    return [...this.objects.values()].find(
      ({ value }) => value.object === 'dispute' && value.charge === chargeId,
    )?.value;
  }

  /**
   * The bank decides a dispute: `won` (the money comes back to the shop), `lost` (it stays
   * with the customer) or `warning_closed` (an inquiry that never became a chargeback).
   */
  closeDispute(account: string, disputeId: string, status: string): StripeObject {
    if (!['won', 'lost', 'warning_closed'].includes(status)) {
      throw invalid(`Invalid dispute outcome: ${status}`, 'status');
    }
    const dispute = this.get(account, disputeId, 'dispute');
    dispute.status = status;
    this.emit(account, 'charge.dispute.closed', dispute);
    if (status === 'won') this.emit(account, 'charge.dispute.funds_reinstated', dispute);
    return dispute;
  }

  /** Routes one API request; returns the JSON answer or throws a StripeError. */
  handle(account: string, method: string, path: string, params: Params, pageBase: string) {
    const parts = path.replace(/^\/v1\//, '').split('/');
    const [resource, id, action] = parts;
    const expand = (value: StripeObject) => this.expanded(account, value, params.expand);
    const read = (object: string) => {
      checkParams(params, SHAPES.expandOnly);
      return expand(this.get(account, id!, object));
    };
    const route = `${method} ${resource}${parts[1] === 'sessions' ? '/sessions' : ''}`;
    if (resource === 'checkout' && parts[1] === 'sessions') {
      const [, , sessionId, sessionAction] = parts;
      if (method === 'POST' && !sessionId) {
        return expand(this.createCheckoutSession(account, params, pageBase));
      }
      if (method === 'GET' && sessionId && !sessionAction) {
        checkParams(params, SHAPES.expandOnly);
        return expand(this.get(account, sessionId, 'checkout.session'));
      }
      if (method === 'POST' && sessionId && sessionAction === 'expire') {
        return this.expireCheckoutSession(account, sessionId);
      }
    }
    switch (route) {
      case 'POST coupons':
        if (!id) return this.createCoupon(account, params);
        break;
      case 'POST refunds':
        if (!id) return expand(this.createRefund(account, params));
        break;
      case 'GET refunds':
        if (id) return read('refund');
        return this.refundsOf(account, params);
      case 'GET payment_intents':
        if (id) return read('payment_intent');
        break;
      case 'GET charges':
        if (id) return read('charge');
        break;
      case 'POST customers':
        if (!id) return this.createCustomer(account, params);
        break;
      case 'GET customers':
        if (id && action === 'payment_methods') {
          return this.paymentMethodsOf(account, { ...params, customer: id });
        }
        if (id) return read('customer');
        break;
      case 'DELETE customers':
        if (id) return this.deleteCustomer(account, id);
        break;
      case 'POST setup_intents':
        if (!id) return expand(this.createSetupIntent(account, params));
        break;
      case 'GET setup_intents':
        if (id) return read('setup_intent');
        break;
      case 'GET payment_methods':
        if (id) return read('payment_method');
        return this.paymentMethodsOf(account, params);
      case 'POST payment_methods':
        if (id && action === 'detach') return this.detachPaymentMethod(account, id);
        break;
      default:
        break;
    }
    throw new StripeError(
      404,
      `Unrecognized request URL (${method}: ${path}). The local Stripe double serves only what the shop uses.`,
      undefined,
    );
  }
}

export type { StripeEvent, StripeObject };
