/**
 * Paying through Stripe (the local double): the webhook fulfils a paid Checkout Session from
 * the events the double signs, once however often they arrive, and refuses what it must.
 */
import { entriesPath, holdersPath, shardsPath, type StartCheckoutOutput } from '@rafflewin/domain';
import { adminDb, eventually } from '../support/admin';
import { callOk, newCustomer, type Customer } from '../support/customers';
import { messageTo } from '../support/mail';
import { createRaffle, line } from '../support/raffles';
import {
  fulfilmentOf,
  payByCard,
  payOnStripe,
  postSigned,
  settledStatus,
  signedEvents,
  stripeSessionOf,
  type SignedEvent,
} from '../support/stripeDouble';
import { deliverEvent, postWebhook, signature } from '../support/stripeEvents';
import { stripe } from '../../functions/src/services/payments/stripe';

jest.setTimeout(120_000);

const COMPLETED = 'checkout.session.completed';

async function reservation(buyer: Customer, raffleId: string, quantity: number) {
  return callOk('startCheckout', { items: [line(raffleId, quantity)] }, buyer);
}

/** Pays on Stripe's page and answers the signed `checkout.session.completed`, not yet posted. */
async function paid(started: StartCheckoutOutput): Promise<SignedEvent> {
  const stripeSessionId = stripeSessionOf(started.checkoutUrl);
  await payOnStripe(stripeSessionId);
  const [event] = await signedEvents(stripeSessionId, COMPLETED);
  return event!;
}

/** The event's payload changed and signed again with the webhook's own secret. */
function tampered(event: SignedEvent, change: (session: Record<string, unknown>) => void) {
  const body = JSON.parse(event.payload) as { data: { object: Record<string, unknown> } };
  change(body.data.object);
  const payload = JSON.stringify(body);
  return { ...event, payload, signature: signature(payload) };
}

const sessionStatus = (sessionId: string) => settledStatus(sessionId, 0);

describe('stripeWebhook', () => {
  it('fulfils a signed checkout.session.completed once, however often it arrives', async () => {
    const raffleId = await createRaffle();
    const buyer = await newCustomer();
    const started = await reservation(buyer, raffleId, 3);
    const event = await paid(started);
    const statuses = await Promise.all(Array.from({ length: 5 }, () => postSigned(event)));
    expect(statuses).toEqual([200, 200, 200, 200, 200]);

    expect(await sessionStatus(started.sessionId)).toBe('fulfilled');
    const tickets = await adminDb.collection('tickets').where('raffleId', '==', raffleId).get();
    expect(tickets.size).toBe(3);
    const orders = await adminDb
      .collection('orders')
      .where('checkoutSessionId', '==', started.sessionId)
      .get();
    expect(orders.size).toBe(1);
    const order = orders.docs[0]!;
    expect(order.get('paymentMethod')).toBe('Card');
    expect(order.get('cardFunding')).toBe('credit');
    const intent = JSON.parse(event.payload).data.object.payment_intent as string;
    expect(order.get('paymentIntentId')).toBe(intent);
    const shards = await adminDb.collection(shardsPath(raffleId)).get();
    expect(shards.docs.reduce((sum, s) => sum + (s.get('sold') as number), 0)).toBe(3);
  });

  it('records a debit card as debit (the credit-card cap counts only credit)', async () => {
    const raffleId = await createRaffle();
    const buyer = await newCustomer();
    const { orderId } = await payByCard(await reservation(buyer, raffleId, 1), '4000056655665556');
    expect((await adminDb.doc(`orders/${orderId}`).get()).get('cardFunding')).toBe('debit');
  });

  it('releases nothing when checkout.session.expired follows completed', async () => {
    const raffleId = await createRaffle();
    const buyer = await newCustomer();
    const started = await reservation(buyer, raffleId, 2);
    const completed = await paid(started);
    expect(await postSigned(completed)).toBe(200);
    // An expiry arriving after the payment (as a delayed or replayed event would).
    const expired = JSON.parse(completed.payload) as { type: string; data: { object: object } };
    expired.type = 'checkout.session.expired';
    expired.data.object = { ...expired.data.object, status: 'expired' };
    const payload = JSON.stringify(expired);
    expect((await postWebhook(payload, signature(payload))).status).toBe(200);
    expect(await sessionStatus(started.sessionId)).toBe('fulfilled');
    const holder = await adminDb.doc(`${holdersPath(raffleId)}/${buyer.uid}`).get();
    expect(holder.get('owned')).toBe(2);
    expect((await adminDb.collection(entriesPath(raffleId)).count().get()).data().count).toBe(2);
  });

  it('gives an expired checkout its tickets back', async () => {
    const raffleId = await createRaffle({ maxTickets: 4 });
    const buyer = await newCustomer();
    const started = await reservation(buyer, raffleId, 4);
    const stripeSessionId = stripeSessionOf(started.checkoutUrl);
    // Stripe expires the page (here on request; at Stripe when `expires_at` passes).
    await (await stripe()).checkout.sessions.expire(stripeSessionId);
    const [expired] = await signedEvents(stripeSessionId, 'checkout.session.expired');
    expect(await postSigned(expired!)).toBe(200);
    expect(await sessionStatus(started.sessionId)).toBe('expired');
    const other = await newCustomer();
    await reservation(other, raffleId, 4);
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const raffleId = await createRaffle();
    const buyer = await newCustomer();
    const started = await reservation(buyer, raffleId, 1);
    const event = await paid(started);
    const forged = signature(event.payload, { secret: 'whsec_someone_else' });
    expect((await postWebhook(event.payload, forged)).status).toBe(400);
    expect((await postWebhook(event.payload, 't=1,v1=deadbeef')).status).toBe(400);
    expect((await postWebhook(event.payload, null)).status).toBe(400);
    expect(await sessionStatus(started.sessionId)).toBe('pending');
  });

  it('does not fulfil a payment whose amount differs from the reservation', async () => {
    const raffleId = await createRaffle();
    const buyer = await newCustomer();
    const started = await reservation(buyer, raffleId, 2);
    const cheaper = tampered(await paid(started), (session) => {
      session.amount_total = 1;
    });
    expect(await postSigned(cheaper)).toBe(200);
    expect(await sessionStatus(started.sessionId)).toBe('pending');
  });

  it('fulfils a reservation only from its own Checkout Session', async () => {
    const raffleId = await createRaffle();
    const buyer = await newCustomer();
    const started = await reservation(buyer, raffleId, 1);
    const other = tampered(await paid(started), (session) => {
      session.id = 'cs_test_someone_elses';
    });
    expect(await postSigned(other)).toBe(200);
    expect(await sessionStatus(started.sessionId)).toBe('pending');
  });

  it('acknowledges a session of another integration on the account that names no reservation the shop could make', async () => {
    // A Payment Link's payer sets client_reference_id in its address: any text at all.
    for (const [type, id] of [
      [COMPLETED, 'raffles/x'],
      ['checkout.session.expired', 'a/b/c'],
      [COMPLETED, '__reserved__'],
    ] as const) {
      const response = await deliverEvent({
        id: `evt_link_${type}`,
        object: 'event',
        type,
        data: {
          object: {
            id: 'cs_test_payment_link',
            object: 'checkout.session',
            mode: 'payment',
            payment_status: 'paid',
            currency: 'gbp',
            amount_total: 500,
            client_reference_id: id,
            metadata: {},
          },
        },
      });
      expect(response.status).toBe(200);
    }
  });

  it('acknowledges events it does not handle', async () => {
    const response = await deliverEvent({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    });
    expect(response.status).toBe(200);
  });
});

describe('confirmation e-mail', () => {
  it('arrives in MailDev with the ticket numbers', async () => {
    const raffleId = await createRaffle({ name: 'Mail Test Raffle' });
    const buyer = await newCustomer('Mailed', 'Buyer');
    const started = await reservation(buyer, raffleId, 2);
    const result = await payByCard(started);
    expect(result).toEqual(await fulfilmentOf(started.sessionId));
    const numbers = result.ticketNumbers[raffleId] ?? [];
    const mail = await messageTo(buyer.email);
    expect(mail.subject).toContain(result.orderNumber);
    expect(mail.text).toContain('Mail Test Raffle');
    expect(mail.text).toContain(`Ticket numbers: ${numbers.join(', ')}`);
    // The outbox records the send once the SMTP server has answered: a moment after MailDev has it.
    const outbox = adminDb.doc(`mail/order-${started.sessionId}`);
    const status = await eventually(
      async () => ((await outbox.get()).get('status') === 'sent' ? 'sent' : null),
      { what: 'the outbox to record the send' },
    );
    expect(status).toBe('sent');
  });
});

describe('the cart after paying', () => {
  it('loses the paid lines on the server, keeping what was added meanwhile', async () => {
    const [paidFor, other] = await Promise.all([createRaffle(), createRaffle()]);
    const buyer = await newCustomer();
    await adminDb.doc(`carts/${buyer.uid}`).set({
      items: [
        { raffleId: paidFor, quantity: 5 },
        { raffleId: other, quantity: 1 },
      ],
      updatedAt: new Date(),
    });
    await payByCard(await reservation(buyer, paidFor, 3));
    expect((await adminDb.doc(`carts/${buyer.uid}`).get()).get('items')).toEqual([
      { raffleId: paidFor, quantity: 2 },
      { raffleId: other, quantity: 1 },
    ]);
  });
});
