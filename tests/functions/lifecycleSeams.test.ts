/**
 * Seams in a raffle's and an account's life where money, tickets or records could go wrong:
 * a raffle cancelled after an order had its money back through Stripe (a dashboard refund or a
 * dispute), refunds of a deleted account's order part paid with credit, a postcard typed in
 * after the draw, a drawn raffle edited, and what a deleted account leaves behind.
 */
import {
  DELETED_USER_ID,
  DELETED_USER_NAME,
  ORDER_REFUND_MESSAGES,
  POSTAL_MESSAGES,
  RAFFLE_MESSAGES,
  instantWinId,
  promoCustomerPath,
  rafflePath,
  ticketsCollection,
  userPath,
  type InstantPrize,
} from '@rafflewin/domain';
import { drawRaffle } from '../../functions/src/services/draws/draw';
import { stripe } from '../../functions/src/services/payments/stripe';
import { adminAuth, adminDb } from '../support/admin';
import { call, callOk, newCustomer, type Customer, creditOf } from '../support/customers';
import { newPromoCode } from '../support/promoCodes';
import {
  adminWithPostalAddress,
  closedRaffleWithTickets,
  commitmentOf,
  createRaffle,
  line,
  postcard,
  raffleForm,
} from '../support/raffles';
import {
  chargeIdOf,
  latestEvent,
  openDispute,
  paidByCard,
  payByCard,
  postSigned,
  type PaidByCard,
} from '../support/stripeDouble';

jest.setTimeout(180_000);

const HOUR = 3_600_000;
let admin: Customer;

beforeAll(async () => {
  admin = await adminWithPostalAddress();
});

const orderOf = async (orderId: string) => (await adminDb.doc(`orders/${orderId}`).get()).data()!;

/** Delivers Stripe's latest event of `type` for the payment to the webhook. */
async function deliverLatest(paid: PaidByCard, type: string): Promise<void> {
  expect(await postSigned(await latestEvent(paid, type))).toBe(200);
}

/** A customer with £2.00 of credit who pays £1.00 by card for a £3.00 ticket. */
async function creditAndCard(raffleId: string): Promise<{ buyer: Customer; paid: PaidByCard }> {
  const buyer = await newCustomer('Credit', 'Card');
  await adminDb.doc(userPath(buyer.uid)).update({ accountCredit: 200 });
  const started = await callOk('startCheckout', { items: [line(raffleId, 1)] }, buyer);
  expect(started.amount).toBe(100);
  return { buyer, paid: await paidByCard(started) };
}

describe('cancelling a raffle after an order had its money back through Stripe', () => {
  it('settles an order refunded in its dashboard: nothing refunded twice, the credit part returned once', async () => {
    const raffleId = await createRaffle({ ticketPrice: 300 });
    const { buyer, paid } = await creditAndCard(raffleId);
    await (await stripe()).refunds.create({ payment_intent: paid.paymentIntent });
    await deliverLatest(paid, 'charge.refunded');
    // The credit part comes back with the refund, as the tickets go void.
    expect(await orderOf(paid.orderId)).toMatchObject({
      paymentStatus: 'refunded',
      refundedAmount: 100,
      moneyBack: { creditReturned: 200 },
    });
    expect(await creditOf(buyer.uid)).toBe(200);

    for (let run = 0; run < 2; run += 1) {
      expect((await callOk('cancelRaffle', { raffleId }, admin)).failedOrders).toEqual([]);
    }
    const charge = await (await stripe()).charges.retrieve(await chargeIdOf(paid));
    expect(charge.amount_refunded).toBe(100);
    expect((await orderOf(paid.orderId)).refunds?.[raffleId]).toMatchObject({
      amount: 0,
      creditReturned: 0,
    });
    expect(await creditOf(buyer.uid)).toBe(200);
  });

  it('does not refund a disputed payment on top of the dispute; the credit part comes back once', async () => {
    const raffleId = await createRaffle({ ticketPrice: 300 });
    const { buyer, paid } = await creditAndCard(raffleId);
    const chargeId = await chargeIdOf(paid);
    await openDispute(chargeId);
    await deliverLatest(paid, 'charge.dispute.created');
    expect(await orderOf(paid.orderId)).toMatchObject({ paymentStatus: 'disputed' });
    expect(await creditOf(buyer.uid)).toBe(200);

    expect((await callOk('cancelRaffle', { raffleId }, admin)).failedOrders).toEqual([]);
    expect((await (await stripe()).charges.retrieve(chargeId)).amount_refunded).toBe(0);
    expect((await orderOf(paid.orderId)).refundedAmount ?? 0).toBe(0);
    expect(await creditOf(buyer.uid)).toBe(200);
  });
});

describe('refunds of a deleted account’s order part paid with credit', () => {
  async function leaverOrder(raffleId: string): Promise<string> {
    const { buyer, paid } = await creditAndCard(raffleId);
    await callOk('deleteAccount', { confirmation: 'DELETE' }, buyer);
    expect(await orderOf(paid.orderId)).toMatchObject({ userId: DELETED_USER_ID });
    return paid.orderId;
  }

  it('a raffle cancellation settles it: the card part refunded, the credit lapsed with the account', async () => {
    const raffleId = await createRaffle({ ticketPrice: 300 });
    const orderId = await leaverOrder(raffleId);
    expect((await callOk('cancelRaffle', { raffleId }, admin)).failedOrders).toEqual([]);
    expect((await orderOf(orderId)).refunds?.[raffleId]).toMatchObject({
      amount: 100,
      provider: 'stripe',
    });
    expect((await adminDb.doc(userPath(DELETED_USER_ID)).get()).exists).toBe(false);
  });

  it('an administrator’s refund completes', async () => {
    const raffleId = await createRaffle({ ticketPrice: 300 });
    const orderId = await leaverOrder(raffleId);
    const first = await callOk('refundOrder', { orderId }, admin);
    expect(first).toMatchObject({ amount: 100, creditReturned: 200, ticketsVoided: 1 });
    // Nothing is left under way: asked again, the order is simply refunded already.
    expect(await call('refundOrder', { orderId }, admin)).toMatchObject({
      message: ORDER_REFUND_MESSAGES.notRefundable,
    });
    const refunds = Object.values((await orderOf(orderId)).ticketRefunds ?? {}) as Array<{
      state: string;
    }>;
    expect(refunds.map((refund) => refund.state)).toEqual(['done']);
  });
});

const card = (raffleId: string, customer: Customer, receivedAt: Date) =>
  postcard(raffleId, customer.email, { receivedAt: receivedAt.toISOString() });

describe('a postcard that arrived before the close, typed in after the draw', () => {
  it('earns the credit a late postcard earns, once', async () => {
    const holder = await newCustomer('Ticket', 'Holder');
    const raffleId = await closedRaffleWithTickets([holder], { ticketPrice: 200 });
    await drawRaffle(adminDb, adminAuth, raffleId, 'schedule');
    const endDate = (await adminDb.doc(rafflePath(raffleId)).get()).get('endDate').toDate() as Date;
    const onTime = await newCustomer('On', 'Time');
    const answer = await callOk(
      'recordPostalEntry',
      card(raffleId, onTime, new Date(endDate.getTime() - HOUR)),
      admin,
    );
    expect(answer).toMatchObject({
      outcome: 'credit',
      creditPence: 200,
      message: POSTAL_MESSAGES.creditAfterDraw(200),
    });
    expect(await creditOf(onTime.uid)).toBe(200);
    const again = await callOk(
      'recordPostalEntry',
      card(raffleId, onTime, new Date(endDate.getTime() - HOUR)),
      admin,
    );
    expect(again).toMatchObject({
      outcome: 'refused',
      message: POSTAL_MESSAGES.creditAlreadyGiven,
    });
  });
});

describe('a drawn raffle edited by an administrator', () => {
  it('cannot be put back on sale, though its words may still be corrected', async () => {
    const now = Date.now();
    const raffleId = await createRaffle({
      startDate: new Date(now - 72 * HOUR),
      endDate: new Date(now - 2 * HOUR),
    });
    await commitmentOf(raffleId);
    expect(await drawRaffle(adminDb, adminAuth, raffleId, 'schedule')).toMatchObject({
      status: 'no-entries',
    });
    const later = new Date(now + 7 * 24 * HOUR).toISOString();
    for (const change of [{ endDate: later }, { maxTickets: 500 }, { ticketPrice: 100 }]) {
      expect(await call('saveRaffle', await raffleForm(raffleId, change), admin)).toEqual({
        ok: false,
        status: 'FAILED_PRECONDITION',
        message: RAFFLE_MESSAGES.drawnNoEdit,
      });
    }
    await callOk(
      'saveRaffle',
      await raffleForm(raffleId, { description: 'Drawn: no entries' }),
      admin,
    );
    expect((await adminDb.doc(rafflePath(raffleId)).get()).data()).toMatchObject({
      description: 'Drawn: no entries',
      drawStatus: 'no-entries',
    });
  });
});

describe('what a deleted account leaves behind', () => {
  it('a draw its ticket wins names "Deleted user", as the entry list does, and tells nobody', async () => {
    const leaver = await newCustomer('Lena', 'Leaver');
    const raffleId = await closedRaffleWithTickets([leaver]);
    await callOk('deleteAccount', { confirmation: 'DELETE' }, leaver);
    const tickets = await adminDb
      .collection(ticketsCollection)
      .where('raffleId', '==', raffleId)
      .get();
    expect(tickets.docs.map((doc) => doc.get('userId'))).toEqual([DELETED_USER_ID]);
    const record = await drawRaffle(adminDb, adminAuth, raffleId, 'admin');
    expect(record.winnerName).toBe(DELETED_USER_NAME);
    expect((await adminDb.doc(`winners/${raffleId}`).get()).get('winnerName')).toBe(
      DELETED_USER_NAME,
    );
    const notices = await adminDb.collection(`${userPath(DELETED_USER_ID)}/notifications`).get();
    expect(notices.size).toBe(0);
  });

  it('no instant win, promo-code use or postal credit names it', async () => {
    // On the only number of a one-ticket raffle, so its one buyer wins it.
    const prize: InstantPrize = { ticketNumber: 1, name: '£50 voucher', cashAlternative: 4500 };
    const raffleId = await createRaffle({ maxTickets: 1, active: false });
    await callOk('saveInstantPrizes', { raffleId, prizes: [prize] }, admin);
    await adminDb.doc(rafflePath(raffleId)).update({ active: true });
    const leaver = await newCustomer('Winnie', 'Leaver');
    // Paid with account credit only (a £0 checkout), on the prize's number.
    await adminDb.doc(userPath(leaver.uid)).update({ accountCredit: 1000 });
    const won = await callOk('startCheckout', { items: [line(raffleId, 1)] }, leaver);
    await callOk('claimFreeEntries', { sessionId: won.sessionId }, leaver);
    await adminDb.doc(userPath(leaver.uid)).update({ accountCredit: 0 });
    const winRef = adminDb.doc(`instantWins/${instantWinId(raffleId, 1)}`);
    expect((await winRef.get()).get('userId')).toBe(leaver.uid);
    // A code used on another raffle, and a late postcard's credit.
    const code = await newPromoCode(admin);
    const other = await createRaffle({ ticketPrice: 500 });
    await payByCard(
      await callOk('startCheckout', { items: [line(other, 1)], promoCode: code }, leaver),
    );
    expect((await adminDb.doc(promoCustomerPath(code, leaver.uid)).get()).exists).toBe(true);
    const closed = await closedRaffleWithTickets([]);
    const endDate = (await adminDb.doc(rafflePath(closed)).get()).get('endDate').toDate() as Date;
    await callOk(
      'recordPostalEntry',
      card(closed, leaver, new Date(endDate.getTime() + HOUR)),
      admin,
    );
    const credits = adminDb.collection('postalCredits').where('userId', '==', leaver.uid);
    expect((await credits.get()).size).toBe(1);

    await callOk('deleteAccount', { confirmation: 'DELETE' }, leaver);

    expect((await winRef.get()).get('userId')).toBe(DELETED_USER_ID);
    expect((await adminDb.doc(promoCustomerPath(code, leaver.uid)).get()).exists).toBe(false);
    expect((await credits.get()).size).toBe(0);
  });
});
