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
  chargeRefundedEvent,
  checkoutEvent,
  deliverEvent,
  disputeEvent,
  madeForStripe,
} from '../support/stripeEvents';

jest.setTimeout(120_000);

/** A purchase paid through Stripe's events (as in production): answers its reservation id. */
async function paidThroughStripe(buyer: Customer, raffleId: string, quantity: number) {
  const { sessionId, amount } = await callOk(
    'startCheckout',
    { items: [line(raffleId, quantity)] },
    buyer,
  );
  await madeForStripe(sessionId);
  await deliverEvent(checkoutEvent('checkout.session.completed', sessionId, amount));
  return { sessionId, amount };
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
    const { sessionId, amount } = await paidThroughStripe(buyer, raffleId, 3);
    const order = await adminDb.doc(`orders/${sessionId}`).get();
    expect(order.get('paymentIntentId')).toBe(`pi_test_${sessionId}`);

    const refund = chargeRefundedEvent(sessionId, { amount, amountRefunded: amount });
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
    const { sessionId, amount } = await callOk(
      'startCheckout',
      { items: [line(raffleId, 1), line(other, 1)] },
      buyer,
    );
    await madeForStripe(sessionId);
    await deliverEvent(checkoutEvent('checkout.session.completed', sessionId, amount));
    await callOk('cancelRaffle', { raffleId }, admin);
    // Stripe tells us of the refund we made: £3 of £4.
    await deliverEvent(chargeRefundedEvent(sessionId, { amount, amountRefunded: 300 }));
    const tickets = await ticketsOf(sessionId);
    const active = tickets.filter((t) => t.get('status') === 'active');
    expect(active.map((t) => t.get('raffleId'))).toEqual([other]);
    expect((await adminDb.doc(`orders/${sessionId}`).get()).get('moneyBack')).toBeUndefined();
  });

  it('a partial refund made at Stripe is left to a person (audited), tickets unchanged', async () => {
    const [buyer, raffleId] = await Promise.all([newCustomer('Pat', 'Partial'), createRaffle()]);
    const { sessionId, amount } = await paidThroughStripe(buyer, raffleId, 2);
    await deliverEvent(chargeRefundedEvent(sessionId, { amount, amountRefunded: 100 }));
    expect((await ticketsOf(sessionId)).every((t) => t.get('status') === 'active')).toBe(true);
    expect(await auditOf(sessionId, 'order.partialRefundAtStripe')).toHaveLength(1);
  });

  it('a dispute voids the tickets, even after the draw (not drawn again), once', async () => {
    const [buyer, raffleId] = await Promise.all([newCustomer('Dee', 'Dispute'), createRaffle()]);
    const { sessionId, amount } = await paidThroughStripe(buyer, raffleId, 2);
    await adminDb.doc(`raffles/${raffleId}`).update({ drawStatus: 'drawn' });
    const dispute = disputeEvent(sessionId, amount);
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
