/**
 * A payment whose hold lapsed, arriving after an administrator's Add Tickets took the lapsed
 * room. Add Tickets writes the shard's numbers without pruning its holds, so the lapsed hold is
 * still in the shard when the late payment arrives: it must count as gone, not as room.
 */
import { notificationsPath, shardsPath } from '@rafflewin/domain';
import { adminDb } from '../support/admin';
import { call, callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import { createRaffle, lapseHolds, line } from '../support/raffles';
import {
  CARDS,
  payOnStripe,
  postSigned,
  settledStatus,
  signedEvents,
  stripeSessionOf,
} from '../support/stripeDouble';

jest.setTimeout(180_000);

let admin: Customer;

beforeAll(async () => {
  admin = await newAdmin();
});

/** A raffle whose whole pool is one shard of `size` numbers (as one shard of a bigger pool). */
async function oneShardRaffle(size: number, numberPicking = false): Promise<string> {
  const raffleId = await createRaffle({ maxTickets: size, maxTicketsPerUser: size, numberPicking });
  await adminDb.doc(`${shardsPath(raffleId)}/0`).set({
    index: 0,
    start: 1,
    size,
    sold: 0,
    holds: {},
    taken: [],
    freed: [],
  });
  return raffleId;
}

/** Delivers the page's checkout.session.completed to the webhook; answers its HTTP statuses. */
async function deliverCompleted(stripeSessionId: string): Promise<number[]> {
  const events = await signedEvents(stripeSessionId, 'checkout.session.completed');
  return Promise.all(events.map((event) => postSigned(event)));
}

/** `customer` picks `number`, pays on Stripe's page, and the hold lapses before the webhook. */
async function paidAfterPickLapsed(raffleId: string, customer: Customer, number: number) {
  const started = await callOk(
    'startCheckout',
    { items: [{ ...line(raffleId, 1), numbers: [number] }] },
    customer,
  );
  const page = stripeSessionOf(started.checkoutUrl);
  expect('redirect' in (await payOnStripe(page, { number: CARDS.debit }))).toBe(true);
  await lapseHolds(started.sessionId, raffleId, customer.uid);
  return { page, sessionId: started.sessionId };
}

/** The late payment is delivered: refused and refunded (200), the customer told. */
async function expectRefundedLate(customer: Customer, paid: { page: string; sessionId: string }) {
  const statuses = await deliverCompleted(paid.page);
  const refundNotice = await adminDb
    .doc(`${notificationsPath(customer.uid)}/late-payment-${paid.sessionId}`)
    .get();
  expect({ statuses, refunded: refundNotice.exists }).toEqual({
    statuses: [200],
    refunded: true,
  });
}

describe('a lapsed hold still in its shard after Add Tickets took its room', () => {
  it('does not take the tickets of a buyer who paid within their hold', async () => {
    const raffleId = await oneShardRaffle(10);
    const [late, onTime, given] = await Promise.all([
      newCustomer('Late'),
      newCustomer('OnTime'),
      newCustomer('Given'),
    ]);
    const a = await callOk('startCheckout', { items: [line(raffleId, 5)] }, late);
    const b = await callOk('startCheckout', { items: [line(raffleId, 5)] }, onTime);
    const pageA = stripeSessionOf(a.checkoutUrl);
    expect('redirect' in (await payOnStripe(pageA, { number: CARDS.debit }))).toBe(true);
    await lapseHolds(a.sessionId, raffleId, late.uid);
    // The room A's lapsed hold left is given away by an administrator (5 = 10 - B's 5 held).
    const added = await call(
      'addTicketsForUser',
      { userId: given.uid, raffleId, quantity: 5, minNumber: null },
      admin,
    );
    expect(added.ok).toBe(true);

    // A's late payment arrives, then B pays within B's hold.
    expect(await deliverCompleted(pageA)).toEqual([200]);
    const pageB = stripeSessionOf(b.checkoutUrl);
    expect('redirect' in (await payOnStripe(pageB, { number: CARDS.debit }))).toBe(true);
    const statusesB = await deliverCompleted(pageB);

    const orderA = await adminDb.doc(`orders/${a.sessionId}`).get();
    const orderB = await adminDb.doc(`orders/${b.sessionId}`).get();
    const shard = (await adminDb.doc(`${shardsPath(raffleId)}/0`).get()).data()!;
    // B paid within their hold: B must get their 5 tickets; A's late payment is the one refunded.
    expect({
      webhookB: statusesB,
      statusB: await settledStatus(b.sessionId, 5_000),
      orderB: orderB.exists,
      orderA: orderA.exists,
      sold: shard.sold,
    }).toEqual({ webhookB: [200], statusB: 'fulfilled', orderB: true, orderA: false, sold: 10 });
  });

  it('refunds a late payment whose picked number Add Tickets gave away (never a 500 forever)', async () => {
    const raffleId = await oneShardRaffle(10, true);
    const [late, given] = await Promise.all([newCustomer('LatePick'), newCustomer('GivenPick')]);
    const paid = await paidAfterPickLapsed(raffleId, late, 3);
    // Number 3 is free again (its hold lapsed): an administrator gives it to someone else.
    const added = await callOk(
      'addTicketsForUser',
      { userId: given.uid, raffleId, quantity: 1, minNumber: 3 },
      admin,
    );
    expect(added.ticketNumbers[raffleId]).toEqual([3]);
    // The late payment: refused and refunded, as any late payment whose numbers are gone.
    await expectRefundedLate(late, paid);
  });

  it('refunds a late payment whose picked number a lower maximum took out of the pool', async () => {
    const raffleId = await oneShardRaffle(10, true);
    const late = await newCustomer('LateTop');
    const paid = await paidAfterPickLapsed(raffleId, late, 10);
    // The hold has lapsed, so nothing stops the maximum going down to 9 (as saving the raffle
    // resizes its pool): number 10 is no longer in it. Before, fulfilment threw a plain error
    // and the webhook answered 500 until the expiry job released the reservation.
    await Promise.all([
      adminDb.doc(`raffles/${raffleId}`).update({ maxTickets: 9 }),
      adminDb.doc(`${shardsPath(raffleId)}/0`).update({ size: 9 }),
    ]);
    await expectRefundedLate(late, paid);
  });
});
