import { entriesPath, holdersPath, shardsPath } from '@rafflewin/domain';
import { adminDb } from '../support/admin';
import { callOk, newCustomer, type Customer } from '../support/customers';
import { messageTo } from '../support/mail';
import { TEST_CARD, createRaffle, line } from '../support/raffles';
import {
  checkoutEvent,
  deliverEvent,
  madeForStripe,
  postWebhook,
  signature,
} from '../support/stripeEvents';

jest.setTimeout(120_000);

async function reservation(buyer: Customer, raffleId: string, quantity: number) {
  const started = await callOk('startCheckout', { items: [line(raffleId, quantity)] }, buyer);
  await madeForStripe(started.sessionId);
  return started;
}

async function sessionStatus(sessionId: string) {
  return (await adminDb.doc(`checkoutSessions/${sessionId}`).get()).get('status') as string;
}

describe('stripeWebhook', () => {
  it('fulfils a signed checkout.session.completed once, however often it arrives', async () => {
    const raffleId = await createRaffle();
    const buyer = await newCustomer();
    const { sessionId, amount } = await reservation(buyer, raffleId, 3);
    const event = checkoutEvent('checkout.session.completed', sessionId, amount);
    const responses = await Promise.all(Array.from({ length: 5 }, () => deliverEvent(event)));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);

    expect(await sessionStatus(sessionId)).toBe('fulfilled');
    const tickets = await adminDb.collection('tickets').where('raffleId', '==', raffleId).get();
    expect(tickets.size).toBe(3);
    const orders = await adminDb
      .collection('orders')
      .where('checkoutSessionId', '==', sessionId)
      .get();
    expect(orders.size).toBe(1);
    expect(orders.docs[0]!.get('paymentMethod')).toBe('Card');
    const shards = await adminDb.collection(shardsPath(raffleId)).get();
    expect(shards.docs.reduce((sum, s) => sum + (s.get('sold') as number), 0)).toBe(3);
  });

  it('releases nothing when checkout.session.expired follows completed', async () => {
    const raffleId = await createRaffle();
    const buyer = await newCustomer();
    const { sessionId, amount } = await reservation(buyer, raffleId, 2);
    expect(
      (await deliverEvent(checkoutEvent('checkout.session.completed', sessionId, amount))).status,
    ).toBe(200);
    expect(
      (await deliverEvent(checkoutEvent('checkout.session.expired', sessionId, amount))).status,
    ).toBe(200);
    expect(await sessionStatus(sessionId)).toBe('fulfilled');
    const holder = await adminDb.doc(`${holdersPath(raffleId)}/${buyer.uid}`).get();
    expect(holder.get('owned')).toBe(2);
    expect((await adminDb.collection(entriesPath(raffleId)).count().get()).data().count).toBe(2);
  });

  it('gives an expired checkout its tickets back', async () => {
    const raffleId = await createRaffle({ maxTickets: 4 });
    const buyer = await newCustomer();
    const { sessionId, amount } = await reservation(buyer, raffleId, 4);
    expect(
      (await deliverEvent(checkoutEvent('checkout.session.expired', sessionId, amount))).status,
    ).toBe(200);
    expect(await sessionStatus(sessionId)).toBe('expired');
    const other = await newCustomer();
    await reservation(other, raffleId, 4);
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const raffleId = await createRaffle();
    const buyer = await newCustomer();
    const { sessionId, amount } = await reservation(buyer, raffleId, 1);
    const event = checkoutEvent('checkout.session.completed', sessionId, amount);
    const forged = signature(JSON.stringify(event), { secret: 'whsec_someone_else' });
    expect((await postWebhook(JSON.stringify(event), forged)).status).toBe(400);
    expect((await postWebhook(JSON.stringify(event), 't=1,v1=deadbeef')).status).toBe(400);
    expect((await postWebhook(JSON.stringify(event), null)).status).toBe(400);
    expect(await sessionStatus(sessionId)).toBe('pending');
  });

  it('does not fulfil a payment whose amount differs from the reservation', async () => {
    const raffleId = await createRaffle();
    const buyer = await newCustomer();
    const { sessionId } = await reservation(buyer, raffleId, 2);
    expect(
      (await deliverEvent(checkoutEvent('checkout.session.completed', sessionId, 1))).status,
    ).toBe(200);
    expect(await sessionStatus(sessionId)).toBe('pending');
  });

  it('fulfils only reservations made for Stripe, from their own Checkout Session', async () => {
    const raffleId = await createRaffle();
    const buyer = await newCustomer();
    // A reservation of the local test provider: a signed event cannot turn it into tickets.
    const local = await callOk('startCheckout', { items: [line(raffleId, 1)] }, buyer);
    const forLocal = checkoutEvent('checkout.session.completed', local.sessionId, local.amount);
    expect((await deliverEvent(forLocal)).status).toBe(200);
    expect(await sessionStatus(local.sessionId)).toBe('pending');
    // A Stripe reservation paid through another Checkout Session: not this reservation's.
    const { sessionId, amount } = await reservation(buyer, raffleId, 1);
    const other = checkoutEvent('checkout.session.completed', sessionId, amount);
    other.data.object.id = 'cs_test_someone_elses';
    expect((await deliverEvent(other)).status).toBe(200);
    expect(await sessionStatus(sessionId)).toBe('pending');
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
    const { sessionId } = await reservation(buyer, raffleId, 2);
    const result = await callOk('payWithTestCard', { sessionId, ...TEST_CARD }, buyer);
    const numbers = result.ticketNumbers[raffleId] ?? [];
    const mail = await messageTo(buyer.email);
    expect(mail.subject).toContain(result.orderNumber);
    expect(mail.text).toContain('Mail Test Raffle');
    expect(mail.text).toContain(`Ticket numbers: ${numbers.join(', ')}`);
    const outbox = await adminDb.doc(`mail/order-${sessionId}`).get();
    expect(outbox.get('status')).toBe('sent');
  });
});
