import {
  CHECKOUT_MESSAGES,
  CREDIT_CARD_MONTHLY_CAP_PENCE,
  PROTECTION_MESSAGES,
  protectionPath,
  ticketId,
  userPath,
  userSettingsPath,
  SEND_NOTIFICATION_MESSAGES,
  mailCollection,
  notificationsPath,
} from '@rafflewin/domain';
import { mayReceiveMarketing } from '../../functions/src/services/protection/protection';
import { adminDb } from '../support/admin';
import { callRaw, call, callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import { createRaffle, line } from '../support/raffles';
import {
  CARDS,
  CARD_NOT_SUPPORTED,
  payByCard,
  payOnStripe,
  signedEvents,
  PAGE_CLOSE_FAILS,
  stripeOutage,
  stripeSessionOf,
} from '../support/stripeDouble';

jest.setTimeout(120_000);

let paid: string;
let free: string;

beforeAll(async () => {
  paid = await createRaffle({ ticketPrice: 1500, maxTicketsPerUser: 50 });
  free = await createRaffle({ category: 'free', ticketPrice: 0, maxTicketsPerUser: 1 });
});

const checkout = (customer: Customer, raffleId = paid, quantity = 1) =>
  call('startCheckout', { items: [line(raffleId, quantity)] }, customer);

/** The customer's settings with marketing e-mail chosen. */
const optInToMarketing = (uid: string) =>
  adminDb.doc(userSettingsPath(uid)).set({
    twoFactorEnabled: false,
    emailNotifications: true,
    marketingEmails: true,
    language: 'en',
    timezone: 'UTC',
  });

describe('monthly spending limit', () => {
  it('asks for a limit before the first paid purchase, not before a free entry', async () => {
    const customer = await newCustomer('First', 'Timer', { spendLimitChosen: false });
    expect(await checkout(customer)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: PROTECTION_MESSAGES.limitRequired,
      details: { reason: 'spend-limit-required' },
    });
    expect((await checkout(customer, free)).ok).toBe(true);
    await callOk('setSpendLimit', { monthlyLimit: 10_000 }, customer);
    expect((await checkout(customer)).ok).toBe(true);
  });

  it('refuses what would go over the limit (£0 included), lowers at once, raises after 24 hours', async () => {
    const customer = await newCustomer('Careful', 'Player', { spendLimitChosen: false });
    await callOk('setSpendLimit', { monthlyLimit: 0 }, customer);
    expect(await checkout(customer)).toMatchObject({
      ok: false,
      message: PROTECTION_MESSAGES.overLimit(0, 0),
    });
    const raised = await callOk('setSpendLimit', { monthlyLimit: 5000 }, customer);
    expect(raised.monthlyLimit).toBe(0);
    expect(new Date(raised.pendingFrom!).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    // Still £0 until the raise applies.
    expect((await checkout(customer)).ok).toBe(false);

    // Once the 24 hours have passed (moved back in time here), £15 fits and £60 does not.
    await adminDb.doc(protectionPath(customer.uid)).update({
      'pendingRaise.from': new Date(Date.now() - 1000),
    });
    await payByCard(await callOk('startCheckout', { items: [line(paid, 1)] }, customer));
    expect(await checkout(customer, paid, 3)).toMatchObject({
      ok: false,
      message: PROTECTION_MESSAGES.overLimit(5000, 3500),
    });

    // Lowering applies at once, and cancels a pending raise.
    const lowered = await callOk('setSpendLimit', { monthlyLimit: 1000 }, customer);
    expect(lowered).toMatchObject({ monthlyLimit: 1000, pendingFrom: null });
  });

  it('refuses a negative or fractional limit', async () => {
    const customer = await newCustomer();
    for (const monthlyLimit of [-1, 1.5, '10']) {
      expect(await callRaw('setSpendLimit', { monthlyLimit }, customer)).toMatchObject({
        ok: false,
        status: 'INVALID_ARGUMENT',
      });
    }
  });
});

describe('play breaks', () => {
  it('blocks checkout and marketing e-mail until the break ends, and never shortens it', async () => {
    const customer = await newCustomer('Taking', 'Break');
    await optInToMarketing(customer.uid);
    expect(await mayReceiveMarketing(adminDb, customer.uid)).toBe(true);
    const open = await callOk('startCheckout', { items: [line(paid, 1)] }, customer);
    const week = await callOk('startPlayBreak', { period: '7d' }, customer);
    expect(await checkout(customer)).toMatchObject({ ok: false, status: 'FAILED_PRECONDITION' });
    expect((await checkout(customer, free)).ok).toBe(false);
    expect(await mayReceiveMarketing(adminDb, customer.uid)).toBe(false);
    // The checkout left open before the break was cancelled.
    expect((await adminDb.doc(`checkoutSessions/${open.sessionId}`).get()).get('status')).toBe(
      'cancelled',
    );
    // Asking for 24 hours during a 7-day break keeps the 7 days.
    const shorter = await callOk('startPlayBreak', { period: '24h' }, customer);
    expect(shorter.breakUntil).toBe(week.breakUntil);
    const refusal = await checkout(customer);
    expect(refusal).toMatchObject({
      message: PROTECTION_MESSAGES.onBreak(new Date(week.breakUntil!)),
    });
  });

  it('starts while Stripe cannot close an open page; a payment on that page after is refunded as closed', async () => {
    const customer = await newCustomer('Outage', 'Break');
    const open = await callOk('startCheckout', { items: [line(paid, 2)] }, customer);
    const page = stripeSessionOf(open.checkoutUrl);
    await stripeOutage(page, PAGE_CLOSE_FAILS);
    const started = await callOk('startPlayBreak', { period: '7d' }, customer);
    expect(started.message).toBe(PROTECTION_MESSAGES.breakStarted(new Date(started.breakUntil!)));
    // The break did not wait for Stripe: the checkout is released, its tickets back on sale.
    const reservation = adminDb.doc(`checkoutSessions/${open.sessionId}`);
    expect((await reservation.get()).get('status')).toBe('cancelled');
    // The page stayed open; paid during the break, it issues nothing and is refunded in full.
    await expect(payByCard(open, CARDS.debit)).rejects.toThrow(/cancelled/);
    const refunds = await signedEvents(page, 'refund.created');
    expect(refunds.map((r) => JSON.parse(r.payload).data.object.amount)).toEqual([3000]);
    const notice = await adminDb
      .doc(`${notificationsPath(customer.uid)}/closed-payment-${open.sessionId}`)
      .get();
    expect(notice.get('message')).toBe(CHECKOUT_MESSAGES.closedPaymentRefunded);
    expect(
      (await adminDb.collection('orders').where('userId', '==', customer.uid).get()).empty,
    ).toBe(true);
  });

  it('tells the customer when a break starts or grows, not for each repeat of the same', async () => {
    const customer = await newCustomer('Repeat', 'Break');
    const notices = async () =>
      (
        await adminDb
          .collection(notificationsPath(customer.uid))
          .where('title', '==', 'Your break from play')
          .get()
      ).size;
    const mails = async () =>
      (
        await adminDb
          .collection(mailCollection)
          .where('to', '==', customer.email)
          .where('subject', '==', 'Your break from play has started')
          .get()
      ).size;
    const first = await callOk('startPlayBreak', { period: '24h' }, customer);
    for (let repeat = 0; repeat < 5; repeat += 1) {
      // Each repeat moves the end on by moments: still the same break.
      const again = await callOk('startPlayBreak', { period: '24h' }, customer);
      expect(again.message).toBe(PROTECTION_MESSAGES.breakStarted(new Date(again.breakUntil!)));
    }
    expect(new Date(first.breakUntil!).getTime()).toBeGreaterThan(Date.now());
    expect(await notices()).toBe(1);
    expect(await mails()).toBe(1);
    await callOk('startPlayBreak', { period: '7d' }, customer);
    await callOk('startPlayBreak', { period: 'permanent' }, customer);
    await callOk('startPlayBreak', { period: 'permanent' }, customer);
    expect(await notices()).toBe(3);
    expect(await mails()).toBe(3);
  });
});

describe('age', () => {
  it('follows the address into a new account after the account on a break is deleted', async () => {
    const leaver = await newCustomer('Sol', 'Excluded');
    await callOk('startPlayBreak', { period: 'permanent' }, leaver);
    await callOk('deleteAccount', { confirmation: 'DELETE' }, leaver);

    // The same address again, written differently: the break is still there.
    const returning = await newCustomer('Sol', 'Again', { email: leaver.email.toUpperCase() });
    expect(await checkout(returning)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: PROTECTION_MESSAGES.onPermanentBreak,
      details: { reason: 'play-break' },
    });
    await adminDb
      .doc(userSettingsPath(returning.uid))
      .set({ marketingEmails: true }, { merge: true });
    expect(await mayReceiveMarketing(adminDb, returning.uid)).toBe(false);
    // Nor does an offer reach it, sent to it alone (or to all: the same recipients' check).
    const offer = {
      type: 'raffle' as const,
      title: 'Double tickets weekend',
      message: 'Every ticket counts twice.',
      marketing: true,
      sendToAll: false,
      userId: returning.uid,
    };
    expect(await call('sendNotification', offer, await newAdmin())).toMatchObject({
      ok: false,
      message: SEND_NOTIFICATION_MESSAGES.noMarketing,
    });

    // Kept as a keyed hash: the address itself is nowhere in the record.
    const records = await adminDb.collection('selfExclusions').get();
    expect(records.size).toBeGreaterThan(0);
    for (const record of records.docs) {
      expect(JSON.stringify({ id: record.id, ...record.data() })).not.toContain(leaver.email);
    }

    // Someone else is not affected.
    expect((await checkout(await newCustomer('Not', 'Excluded'))).ok).toBe(true);
  });

  it('re-checks 18+ at checkout from the date of birth', async () => {
    const customer = await newCustomer('Young', 'Player');
    const seventeen = new Date();
    seventeen.setUTCFullYear(seventeen.getUTCFullYear() - 17);
    await adminDb
      .doc(userPath(customer.uid))
      .update({ dateOfBirth: seventeen.toISOString().slice(0, 10) });
    expect(await checkout(customer)).toMatchObject({ message: PROTECTION_MESSAGES.underAge });
    await adminDb.doc(userPath(customer.uid)).update({ dateOfBirth: null });
    expect(await checkout(customer)).toMatchObject({
      message: PROTECTION_MESSAGES.dateOfBirthRequired,
    });
  });
});

/** A card order the customer paid earlier this month, with the card's funding. */
async function paidThisMonth(customer: Customer, totalAmount: number, cardFunding: string) {
  const now = new Date();
  await adminDb.doc(`orders/${cardFunding}-${customer.uid}`).set({
    orderNumber: `RW-${cardFunding.toUpperCase()}`,
    userId: customer.uid,
    userEmail: customer.email,
    status: 'completed',
    paymentStatus: 'paid',
    paymentMethod: 'Card',
    items: [],
    totalAmount,
    checkoutSessionId: null,
    cardFunding,
    createdAt: now,
    updatedAt: now,
  });
}

describe('credit-card cap', () => {
  it('refunds a credit card over £250 this month in full but takes a debit card', async () => {
    const customer = await newCustomer('Credit', 'Card');
    // £240 already paid by credit card this month.
    await paidThisMonth(customer, CREDIT_CARD_MONTHLY_CAP_PENCE - 1000, 'credit');
    const started = await callOk('startCheckout', { items: [line(paid, 1)] }, customer);
    // Stripe's page refuses credit cards for it; one that gets past the page (its funding
    // unknown there) is refunded by the webhook at once, issues nothing, and the customer is
    // told why.
    expect(
      await payOnStripe(stripeSessionOf(started.checkoutUrl), { number: CARDS.credit }),
    ).toEqual({ error: CARD_NOT_SUPPORTED });
    await expect(
      payByCard(started, { number: CARDS.credit, ignore_restrictions: true }),
    ).rejects.toThrow(/cancelled/);
    const refunds = await signedEvents(stripeSessionOf(started.checkoutUrl), 'refund.created');
    expect(refunds.map((r) => JSON.parse(r.payload).data.object.amount)).toEqual([1500]);
    const notice = await adminDb
      .doc(`users/${customer.uid}/notifications/credit-cap-${started.sessionId}`)
      .get();
    expect(notice.get('message')).toContain(PROTECTION_MESSAGES.creditCardCap);
    const again = await callOk('startCheckout', { items: [line(paid, 1)] }, customer);
    await payByCard(again, CARDS.debit);
    const orders = await adminDb
      .collection('orders')
      .where('userId', '==', customer.uid)
      .where('cardFunding', '==', 'debit')
      .get();
    expect(orders.size).toBe(1);
  });
});

describe('money that came back', () => {
  const spending = (customer: Customer) => callOk('getMonthSpending', {}, customer);
  const payWithCredit = async (customer: Customer, raffleId: string) => {
    const started = await callOk('startCheckout', { items: [line(raffleId, 1)] }, customer);
    expect(started.amount).toBe(0);
    await callOk('claimFreeEntries', { sessionId: started.sessionId }, customer);
  };

  it('counts what an order took less what came back, so credit spent again counts once', async () => {
    const [customer, admin, cancelled, next] = await Promise.all([
      newCustomer('Money', 'Back'),
      newAdmin(),
      createRaffle({ ticketPrice: 1000 }),
      createRaffle({ ticketPrice: 1000 }),
    ]);
    await callOk('setSpendLimit', { monthlyLimit: 5000 }, customer);
    const first = await payByCard(
      await callOk('startCheckout', { items: [line(paid, 2)] }, customer),
      CARDS.debit,
    );
    expect(await spending(customer)).toEqual({ spent: 3000, creditCard: 0 });

    // An administrator refunds one of the two £15 tickets to the card.
    const [number] = first.ticketNumbers[paid]!;
    await callOk(
      'refundOrder',
      { orderId: first.orderId, ticketIds: [ticketId(paid, number!)] },
      admin,
    );
    expect((await spending(customer)).spent).toBe(1500);

    // £10 of account credit pays for a raffle that is then cancelled: the credit comes back
    // and pays for another.
    await adminDb.doc(userPath(customer.uid)).update({ accountCredit: 1000 });
    await payWithCredit(customer, cancelled);
    expect((await spending(customer)).spent).toBe(2500);
    await callOk('cancelRaffle', { raffleId: cancelled }, admin);
    expect((await spending(customer)).spent).toBe(1500);
    await payWithCredit(customer, next);
    expect((await spending(customer)).spent).toBe(2500);

    // £15 more fits under the £50 limit; counting the refunded ticket or the credit twice,
    // it would not.
    expect((await checkout(customer)).ok).toBe(true);
  });

  it('gives back a credit card’s refund from the credit-card cap', async () => {
    const [customer, admin] = await Promise.all([newCustomer('Credit', 'Refund'), newAdmin()]);
    const order = await payByCard(
      await callOk('startCheckout', { items: [line(paid, 2)] }, customer),
      CARDS.credit,
    );
    expect(await spending(customer)).toEqual({ spent: 3000, creditCard: 3000 });
    const [number] = order.ticketNumbers[paid]!;
    const ticketIds = [ticketId(paid, number!)];
    await callOk('refundOrder', { orderId: order.orderId, ticketIds }, admin);
    expect(await spending(customer)).toEqual({ spent: 1500, creditCard: 1500 });
    await callOk('refundOrder', { orderId: order.orderId }, admin);
    expect(await spending(customer)).toEqual({ spent: 0, creditCard: 0 });
  });
});

describe('limits under concurrency', () => {
  it("one customer's parallel checkouts cannot together pass the monthly limit", async () => {
    const customer = await newCustomer('Parallel', 'Spender');
    await callOk('setSpendLimit', { monthlyLimit: 5000 }, customer);
    // Eight checkouts of £15 at once against a £50 limit: three fit.
    const answers = await Promise.all(Array.from({ length: 8 }, () => checkout(customer)));
    const passed = answers.filter((answer) => answer.ok);
    expect(passed).toHaveLength(3);
    for (const answer of answers.filter((one) => !one.ok)) {
      expect(answer).toMatchObject({
        status: 'FAILED_PRECONDITION',
        message: expect.stringContaining('limit'),
      });
    }
    const open = await adminDb
      .collection('checkoutSessions')
      .where('userId', '==', customer.uid)
      .where('status', '==', 'pending')
      .get();
    expect(open.docs.reduce((sum, doc) => sum + (doc.get('amount') as number), 0)).toBe(4500);
  });

  it('counts open checkouts and cards of unknown funding towards the credit-card cap', async () => {
    const customer = await newCustomer('Unknown', 'Funding');
    // £230 paid this month by a card whose funding Stripe did not say: it may be credit.
    await paidThisMonth(customer, CREDIT_CARD_MONTHLY_CAP_PENCE - 2000, 'unknown');
    // Two £15 checkouts at once share the £20 left on the cap: never £20 each.
    const started = await Promise.all([checkout(customer), checkout(customer)]);
    expect(started.every((answer) => answer.ok)).toBe(true);
    const sessions = await adminDb
      .collection('checkoutSessions')
      .where('userId', '==', customer.uid)
      .get();
    const allowances = sessions.docs.map((doc) => doc.get('creditCardAllowance') as number);
    expect(allowances.sort((a, b) => a - b)).toEqual([500, 2000]);
  });
});

describe('marketing e-mail', () => {
  it('is never for someone under 18 by the date of birth on record, opted in or not', async () => {
    const customer = await newCustomer('Young', 'Reader');
    await optInToMarketing(customer.uid);
    expect(await mayReceiveMarketing(adminDb, customer.uid)).toBe(true);
    await adminDb.doc(`users/${customer.uid}`).update({ dateOfBirth: '2012-06-01' });
    expect(await mayReceiveMarketing(adminDb, customer.uid)).toBe(false);
  });
});
