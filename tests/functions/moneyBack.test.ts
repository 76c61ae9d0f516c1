/**
 * Money coming back through Stripe (a refund made in its dashboard, a dispute): the order's
 * tickets leave the draw, the customer and the shop are told, once however often the event
 * arrives; refunds the shop made itself change nothing more.
 */
import { auditLogCollection, entriesPath, notificationsPath } from '@rafflewin/domain';
import { adminDb } from '../support/admin';
import { callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import { createRaffle, line } from '../support/raffles';
import {
  latestEvent,
  openDispute,
  paidByCard,
  postSigned,
  type PaidByCard,
  type SignedEvent,
} from '../support/stripeDouble';
import { stripe } from '../../functions/src/services/payments/stripe';

jest.setTimeout(120_000);

/** A purchase paid on Stripe's page (the double's), fulfilled by its webhook event. */
async function paidThroughStripe(buyer: Customer, raffleId: string, quantity: number) {
  return paidByCard(await callOk('startCheckout', { items: [line(raffleId, quantity)] }, buyer));
}

const deliverEvent = async (event: SignedEvent) => ({ status: await postSigned(event) });

/** A refund made in Stripe's dashboard: its `charge.refunded` event. */
async function refundedAtStripe(paid: PaidByCard, amount: number): Promise<SignedEvent> {
  await (await stripe()).refunds.create({ payment_intent: paid.paymentIntent, amount });
  return latestEvent(paid, 'charge.refunded');
}

const ticketsOf = async (orderId: string) =>
  (await adminDb.collection('tickets').where('orderId', '==', orderId).get()).docs;

async function auditOf(orderId: string, action: string) {
  const entries = await adminDb
    .collection(auditLogCollection)
    .where('target', '==', `orders/${orderId}`)
    .where('action', '==', action)
    .get();
  return entries.docs.map((entry) => entry.data());
}

describe('money back through Stripe', () => {
  it('a full refund made at Stripe voids the tickets and tells the customer once', async () => {
    const [buyer, raffleId] = await Promise.all([newCustomer('Rita', 'Refund'), createRaffle()]);
    const paid = await paidThroughStripe(buyer, raffleId, 3);
    const { orderId: sessionId, amount } = paid;
    expect(paid.paymentIntent).toMatch(/^pi_test_/);

    const refund = await refundedAtStripe(paid, amount);
    expect((await deliverEvent(refund)).status).toBe(200);
    expect((await deliverEvent(refund)).status).toBe(200);

    const after = await adminDb.doc(`orders/${sessionId}`).get();
    expect(after.data()).toMatchObject({
      paymentStatus: 'refunded',
      status: 'cancelled',
      moneyBack: { kind: 'refunded', amount, afterDraw: false },
    });
    expect((await ticketsOf(sessionId)).map((t) => t.get('status'))).toEqual([
      'void',
      'void',
      'void',
    ]);
    expect((await adminDb.collection(entriesPath(raffleId)).get()).size).toBe(0);
    const note = await adminDb
      .doc(`${notificationsPath(buyer.uid)}/money-back-refunded-${sessionId}`)
      .get();
    expect(note.get('message')).toContain('its tickets are void and will not be in the draw');
    expect(await auditOf(sessionId, 'order.refundedAtStripe')).toHaveLength(1);
  });

  it("the shop's own refunds (a cancelled raffle's lines) change nothing more", async () => {
    const [buyer, admin, raffleId, other] = await Promise.all([
      newCustomer('Otto', 'Own'),
      newAdmin(),
      createRaffle({ ticketPrice: 300 }),
      createRaffle({ ticketPrice: 100 }),
    ]);
    const paid = await paidByCard(
      await callOk('startCheckout', { items: [line(raffleId, 1), line(other, 1)] }, buyer),
    );
    const { orderId: sessionId } = paid;
    await callOk('cancelRaffle', { raffleId }, admin);
    // Stripe tells us of the refund we made: £3 of £4.
    const refund = await latestEvent(paid, 'charge.refunded');
    expect(JSON.parse(refund.payload).data.object.amount_refunded).toBe(300);
    expect((await deliverEvent(refund)).status).toBe(200);
    const tickets = await ticketsOf(sessionId);
    const active = tickets.filter((t) => t.get('status') === 'active');
    expect(active.map((t) => t.get('raffleId'))).toEqual([other]);
    expect((await adminDb.doc(`orders/${sessionId}`).get()).get('moneyBack')).toBeUndefined();
  });

  it('a partial refund made at Stripe is left to a person (audited), tickets unchanged', async () => {
    const [buyer, raffleId] = await Promise.all([newCustomer('Pat', 'Partial'), createRaffle()]);
    const paid = await paidThroughStripe(buyer, raffleId, 2);
    const { orderId: sessionId } = paid;
    await deliverEvent(await refundedAtStripe(paid, 100));
    expect((await ticketsOf(sessionId)).every((t) => t.get('status') === 'active')).toBe(true);
    expect(await auditOf(sessionId, 'order.partialRefundAtStripe')).toHaveLength(1);
  });

  it('a dispute voids the tickets, even after the draw (not drawn again), once', async () => {
    const [buyer, raffleId] = await Promise.all([newCustomer('Dee', 'Dispute'), createRaffle()]);
    const paid = await paidThroughStripe(buyer, raffleId, 2);
    const { orderId: sessionId } = paid;
    await adminDb.doc(`raffles/${raffleId}`).update({ drawStatus: 'drawn' });
    const charge = JSON.parse((await latestEvent(paid, 'charge.succeeded')).payload).data.object.id;
    await openDispute(String(charge));
    const dispute = await latestEvent(paid, 'charge.dispute.created');
    expect((await deliverEvent(dispute)).status).toBe(200);
    expect((await deliverEvent(dispute)).status).toBe(200);
    expect((await adminDb.doc(`orders/${sessionId}`).get()).data()).toMatchObject({
      paymentStatus: 'disputed',
      moneyBack: { kind: 'disputed', afterDraw: true },
    });
    expect((await ticketsOf(sessionId)).every((t) => t.get('status') === 'void')).toBe(true);
    const [audit, ...more] = await auditOf(sessionId, 'order.disputed');
    expect(more).toEqual([]);
    expect(audit?.after).toMatchObject({ note: 'voided after the draw' });
    const notes = await adminDb
      .collection(notificationsPath(buyer.uid))
      .where('title', '==', 'Payment disputed')
      .get();
    expect(notes.size).toBe(1);
  });
});
