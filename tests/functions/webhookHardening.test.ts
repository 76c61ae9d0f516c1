/**
 * Hardening of the Stripe webhook (payments.test.ts covers the basics): replayed, reordered,
 * late, unsigned, expired-signature and malformed events. Fulfilment happens exactly once,
 * and a snapshot of the whole database shows that nothing but the expected fulfilment
 * writes changed.
 */
import {
  CHECKOUT_MESSAGES,
  entriesPath,
  holdersPath,
  notificationsPath,
  shardsPath,
} from '@rafflewin/domain';
import { adminDb } from '../support/admin';
import { checkoutOnStripe, lapseHolds, type StripeCheckout } from '../support/raffles';
import {
  isRateLimitRecord,
  settledSnapshot,
  snapshotChanges,
  type Snapshot,
} from '../support/snapshot';
import { payOnStripe, postSigned, signedEvents, type SignedEvent } from '../support/stripeDouble';
import { postWebhook, signature } from '../support/stripeEvents';

jest.setTimeout(120_000);

const COMPLETED = 'checkout.session.completed';
const EXPIRED = 'checkout.session.expired';

type Purchase = StripeCheckout;
const reserve = checkoutOnStripe;

/** The purchase paid on Stripe's page: the `checkout.session.completed` the double signed. */
async function completed({ stripeSessionId }: Purchase): Promise<SignedEvent> {
  if ((await signedEvents(stripeSessionId, COMPLETED)).length === 0) {
    await payOnStripe(stripeSessionId);
  }
  const [event] = await signedEvents(stripeSessionId, COMPLETED);
  return event!;
}

/**
 * Another event about the same session, as Stripe may send it (a resend with a new id, the
 * async success, an expiry that arrives late), signed with the webhook's secret.
 */
function variant(
  event: SignedEvent,
  change: { id?: string; type?: string; object?: Record<string, unknown> },
): SignedEvent {
  const body = JSON.parse(event.payload) as {
    id: string;
    type: string;
    data: { object: Record<string, unknown> };
  };
  const next = {
    ...body,
    id: change.id ?? body.id,
    type: change.type ?? body.type,
    data: { object: { ...body.data.object, ...change.object } },
  };
  const payload = JSON.stringify(next);
  return { id: next.id, type: next.type, payload, signature: signature(payload) };
}

const expiredVariant = (event: SignedEvent) =>
  variant(event, {
    type: EXPIRED,
    id: `${event.id}_expired`,
    object: { status: 'expired', payment_status: 'unpaid' },
  });

const deliverEvent = async (event: SignedEvent) => ({ status: await postSigned(event) });

/** The documents a purchase's fulfilment (and its roll-up trigger) may write, and no others. */
function fulfilmentWrite({ raffleId, sessionId, buyer }: Purchase) {
  return (path: string) =>
    path === `checkoutSessions/${sessionId}` ||
    path === `orders/${sessionId}` ||
    path === `mail/order-${sessionId}` ||
    path === `users/${buyer.uid}/notifications/order-${sessionId}` ||
    // The customer's checkout lock moves as the payment becomes an order (limits count it).
    path === `checkoutLocks/${buyer.uid}` ||
    path === `raffles/${raffleId}` ||
    path.startsWith(`raffles/${raffleId}/`) ||
    path.startsWith(`tickets/${raffleId}_`);
}

/** Changes since `before` that are neither the purchase's own writes nor rate-limit records. */
async function otherChanges(before: Snapshot, purchase: Purchase) {
  const own = fulfilmentWrite(purchase);
  return snapshotChanges(before, await settledSnapshot(), (p) => own(p) || isRateLimitRecord(p));
}

async function sessionStatus(sessionId: string) {
  return (await adminDb.doc(`checkoutSessions/${sessionId}`).get()).get('status') as string;
}

/** Everything the purchase owns, to compare with exactly one fulfilment. */
async function outcome({ raffleId, sessionId, buyer }: Purchase) {
  const [orders, tickets, entries, shards, holder] = await Promise.all([
    adminDb.collection('orders').where('checkoutSessionId', '==', sessionId).get(),
    adminDb.collection('tickets').where('raffleId', '==', raffleId).get(),
    adminDb.collection(entriesPath(raffleId)).get(),
    adminDb.collection(shardsPath(raffleId)).get(),
    adminDb.doc(`${holdersPath(raffleId)}/${buyer.uid}`).get(),
  ]);
  const numbers = tickets.docs
    .map((doc) => doc.get('ticketNumber') as number)
    .sort((a, b) => a - b);
  return {
    status: await sessionStatus(sessionId),
    paidOrders: orders.docs.filter((doc) => doc.get('paymentStatus') === 'paid').length,
    orderNumbers: (orders.docs[0]?.get('items')?.[0]?.ticketNumbers as number[] | undefined) ?? [],
    numbers,
    distinctNumbers: new Set(numbers).size,
    entries: entries.docs.map((doc) => Number(doc.id)).sort((a, b) => a - b),
    sold: shards.docs.reduce((sum, shard) => sum + (shard.get('sold') as number), 0),
    held: shards.docs.reduce(
      (sum, shard) => sum + Object.keys((shard.get('holds') as object | undefined) ?? {}).length,
      0,
    ),
    owned: (holder.get('owned') as number | undefined) ?? 0,
  };
}

function expectFulfilledOnce(result: Awaited<ReturnType<typeof outcome>>, quantity: number) {
  expect(result.status).toBe('fulfilled');
  expect(result.paidOrders).toBe(1);
  expect(result.numbers).toHaveLength(quantity);
  expect(result.distinctNumbers).toBe(quantity);
  expect(result.entries).toEqual(result.numbers);
  expect(result.orderNumbers).toEqual(result.numbers);
  expect(result.sold).toBe(quantity);
  expect(result.held).toBe(0);
  expect(result.owned).toBe(quantity);
}

function expectNothingIssued(result: Awaited<ReturnType<typeof outcome>>) {
  expect(result.paidOrders).toBe(0);
  expect(result.numbers).toEqual([]);
  expect(result.entries).toEqual([]);
  expect(result.sold).toBe(0);
  expect(result.owned).toBe(0);
}

describe('replayed events', () => {
  it('fulfil once: the same event again, and the same session in other events', async () => {
    const purchase = await reserve(3);
    const before = await settledSnapshot();
    const event = await completed(purchase);
    expect((await deliverEvent(event)).status).toBe(200);
    expect((await deliverEvent(event)).status).toBe(200);
    // Stripe may send the same session in new events (a resend, or async payment success).
    const again = variant(event, { id: `${event.id}_second` });
    const asyncSuccess = variant(event, {
      type: 'checkout.session.async_payment_succeeded',
      id: `${event.id}_async`,
    });
    const statuses = await Promise.all([again, asyncSuccess, event].map(deliverEvent));
    expect(statuses.map((response) => response.status)).toEqual([200, 200, 200]);

    expectFulfilledOnce(await outcome(purchase), 3);
    expect(await otherChanges(before, purchase)).toEqual([]);
  });
});

describe('reordered and late events', () => {
  it('keep the tickets when expired arrives after completed', async () => {
    const purchase = await reserve(2);
    const before = await settledSnapshot();
    const event = await completed(purchase);
    expect((await deliverEvent(event)).status).toBe(200);
    expect((await deliverEvent(expiredVariant(event))).status).toBe(200);
    expectFulfilledOnce(await outcome(purchase), 2);
    expect(await otherChanges(before, purchase)).toEqual([]);
  });

  it('issue nothing when completed arrives after expired released the reservation, and refund it', async () => {
    const purchase = await reserve(2);
    const before = await settledSnapshot();
    const { sessionId, buyer } = purchase;
    const late = await completed(purchase);
    expect((await deliverEvent(expiredVariant(late))).status).toBe(200);
    expect(await sessionStatus(sessionId)).toBe('expired');
    // The released tickets may already be someone else's: nothing is issued, the payment is
    // refunded in full (once: Stripe idempotency key, fixed notice id) and the customer told;
    // Stripe gets a 200, so it stops retrying an event that can never succeed.
    expect((await deliverEvent(late)).status).toBe(200);
    expect((await deliverEvent(late)).status).toBe(200);
    const result = await outcome(purchase);
    expect(result.status).toBe('expired');
    expect(result.held).toBe(0);
    expectNothingIssued(result);
    const noticePath = `${notificationsPath(buyer.uid)}/late-payment-${sessionId}`;
    const notice = await adminDb.doc(noticePath).get();
    expect(notice.get('message')).toBe(CHECKOUT_MESSAGES.latePaymentRefunded);
    const mailPath = `mail/notification-${buyer.uid}-late-payment-${sessionId}`;
    expect((await adminDb.doc(mailPath).get()).get('to')).toBe(buyer.email);
    const changes = await otherChanges(before, purchase);
    expect(changes.sort()).toEqual([`created ${mailPath}`, `created ${noticePath}`].sort());
  });

  it('issue nothing for a raffle cancelled while the customer paid, and refund it', async () => {
    const purchase = await reserve(2);
    const { sessionId, raffleId, buyer } = purchase;
    // The cancellation has marked the raffle and not yet released this reservation.
    await adminDb.doc(`raffles/${raffleId}`).update({ drawStatus: 'cancelled', active: false });
    const event = await completed(purchase);
    expect((await deliverEvent(event)).status).toBe(200);
    expect((await deliverEvent(event)).status).toBe(200);
    const result = await outcome(purchase);
    expect(result.status).toBe('cancelled');
    expect(result.held).toBe(0);
    expectNothingIssued(result);
    const notice = await adminDb
      .doc(`${notificationsPath(buyer.uid)}/raffle-closed-${sessionId}`)
      .get();
    expect(notice.get('message')).toBe(CHECKOUT_MESSAGES.raffleClosedRefunded);
  });

  it('fulfil a payment completed just after the hold lapsed, while the tickets are still free', async () => {
    const purchase = await reserve(2);
    const { sessionId, raffleId, buyer } = purchase;
    // The 30-minute hold ran out while the customer was on Stripe's page; the expiry job has
    // not released it yet.
    await lapseHolds(sessionId, raffleId, buyer.uid);
    const event = await completed(purchase);
    const before = await settledSnapshot();
    expect((await deliverEvent(event)).status).toBe(200);
    expect((await deliverEvent(event)).status).toBe(200);
    expectFulfilledOnce(await outcome(purchase), 2);
    expect(await otherChanges(before, purchase)).toEqual([]);
  });
});

describe('events that are not from Stripe or not readable', () => {
  it('are refused and change nothing anywhere', async () => {
    const purchase = await reserve(1);
    const { sessionId, amount } = purchase;
    const { payload } = await completed(purchase);
    const before = await settledSnapshot();

    // Unsigned, and signed with another secret.
    expect((await postWebhook(payload, null)).status).toBe(400);
    expect((await postWebhook(payload, signature(payload, { secret: 'whsec_other' }))).status).toBe(
      400,
    );
    // Signed with the right secret, but older than Stripe's 5-minute tolerance (a replay).
    const old = Math.floor(Date.now() / 1000) - 10 * 60;
    expect((await postWebhook(payload, signature(payload, { timestamp: old }))).status).toBe(400);
    // Signed for another body.
    expect((await postWebhook(payload, signature(`${payload} `))).status).toBe(400);
    // Properly signed, but not JSON.
    const broken = payload.slice(0, -5);
    expect((await postWebhook(broken)).status).toBe(400);

    // Properly signed JSON of the wrong shape: no checkout session, a session naming no or an
    // unknown reservation, unpaid, a bad amount or currency. None fulfils; none may change anything.
    const event = JSON.parse(payload) as { data: { object: Record<string, unknown> } };
    const object = event.data.object;
    const wrongShapes: unknown[] = [
      { ...event, data: {} },
      { ...event, data: { object: null } },
      { ...event, data: { object: { ...object, metadata: {}, client_reference_id: null } } },
      {
        ...event,
        data: {
          object: { ...object, metadata: { reservationId: 'no-such-reservation' } },
        },
      },
      { ...event, data: { object: { ...object, metadata: { reservationId: 'a/../b' } } } },
      { ...event, data: { object: { ...object, metadata: { reservationId: 42 } } } },
      { ...event, data: { object: { ...object, payment_status: 'unpaid' } } },
      { ...event, data: { object: { ...object, amount_total: String(amount) } } },
      { ...event, data: { object: { ...object, amount_total: -amount } } },
      // The right number in another currency, or a session of another kind.
      { ...event, data: { object: { ...object, currency: 'usd' } } },
      { ...event, data: { object: { ...object, mode: 'subscription' } } },
      { ...event, type: 'checkout.session.expired', data: { object: { id: 'cs_x' } } },
      // Another Checkout Session's expiry naming this reservation releases nothing.
      { ...event, type: 'checkout.session.expired', data: { object: { ...object, id: 'cs_x' } } },
      [event],
      'checkout.session.completed',
      null,
    ];
    // They are acknowledged (ignored) or answered with an error; what matters is below.
    for (const shape of wrongShapes) await postWebhook(JSON.stringify(shape));
    // Event types named as every object's own properties are types the shop does not handle:
    // acknowledged (before, looking them up as handlers threw: 500, and Stripe retried them).
    for (const type of ['__proto__', 'constructor', 'toString']) {
      expect((await postWebhook(JSON.stringify({ ...event, type }))).status).toBe(200);
    }

    expectNothingIssued(await outcome(purchase));
    expect(await sessionStatus(sessionId)).toBe('pending');
    // Not even the purchase's own documents may change.
    expect(snapshotChanges(before, await settledSnapshot(), isRateLimitRecord)).toEqual([]);
  });
});
