/**
 * The pence a promo code, bundles and account credit leave to pay: never under Stripe's
 * minimum card payment, and every ticket's price adding up to what was paid.
 */
import { CHECKOUT_MESSAGES, MIN_CARD_PAYMENT, type SavePromoCodeInput } from '@rafflewin/domain';
import { adminDb } from '../support/admin';
import { call, callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import { newPromoCode } from '../support/promoCodes';
import { createRaffle, line } from '../support/raffles';
import { CARDS, payByCard } from '../support/stripeDouble';

jest.setTimeout(120_000);

let admin: Customer;

beforeAll(async () => {
  admin = await newAdmin();
});

const newCode = (overrides: Partial<SavePromoCodeInput> = {}) => newPromoCode(admin, overrides);

describe('what is left to pay', () => {
  it('never asks Stripe for less than its minimum charge after an amount off', async () => {
    const [raffleId, buyer] = await Promise.all([
      createRaffle({ ticketPrice: 150 }),
      newCustomer(),
    ]);
    // £14.80 off £15.00 leaves 20p: Stripe cannot take 20p.
    const code = await newCode({ kind: 'amount', value: 1480 });
    const answer = await call(
      'startCheckout',
      { items: [line(raffleId, 10)], promoCode: code },
      buyer,
    );
    expect(answer).toMatchObject({ ok: false, message: CHECKOUT_MESSAGES.belowCardMinimum });
  });

  it('never asks Stripe for less than its minimum charge after account credit', async () => {
    const [raffleId, buyer] = await Promise.all([
      createRaffle({ ticketPrice: 150 }),
      newCustomer('Test', 'Buyer', { accountCredit: 1490 }),
    ]);
    const answer = await call('startCheckout', { items: [line(raffleId, 10)] }, buyer);
    // £14.90 of credit on £15.00 would leave 10p: it uses £14.70 and leaves the minimum.
    expect(answer.ok ? answer.result.amount : answer).toBe(MIN_CARD_PAYMENT);
    expect((await adminDb.doc(`users/${buyer.uid}`).get()).get('accountCredit')).toBe(20);
  });

  it('spends no account credit when the code already takes everything off', async () => {
    const [raffleId, buyer] = await Promise.all([
      createRaffle({ ticketPrice: 150 }),
      newCustomer('Test', 'Buyer', { accountCredit: 500 }),
    ]);
    const code = await newCode({ kind: 'amount', value: 10_000 });
    const started = await callOk(
      'startCheckout',
      { items: [line(raffleId, 3)], promoCode: code },
      buyer,
    );
    expect(started.amount).toBe(0);
    const session = (await adminDb.doc(`checkoutSessions/${started.sessionId}`).get()).data()!;
    expect(session.creditApplied).toBe(0);
    expect((await adminDb.doc(`users/${buyer.uid}`).get()).get('accountCredit')).toBe(500);
  });

  it('prices tickets to the penny across bundles, an odd share of a code and credit', async () => {
    const [bundled, odd, buyer] = await Promise.all([
      createRaffle({ ticketPrice: 150, bundles: [{ tickets: 5, price: 600 }] }),
      createRaffle({ ticketPrice: 333 }),
      newCustomer('Test', 'Buyer', { accountCredit: 77 }),
    ]);
    const code = await newCode({ kind: 'amount', value: 101 });
    const started = await callOk(
      'startCheckout',
      { items: [line(bundled, 7), line(odd, 2)], promoCode: code },
      buyer,
    );
    // 7 for £9.00 and 2 for £6.66 = £15.66; £1.01 off; 77p credit.
    expect(started.amount).toBe(1566 - 101 - 77);
    const paid = await payByCard(started, CARDS.debit);
    const order = (await adminDb.doc(`orders/${paid.orderId}`).get()).data()!;
    const tickets = await adminDb.collection('tickets').where('orderId', '==', paid.orderId).get();
    const paidPrices = tickets.docs.reduce((sum, doc) => sum + Number(doc.get('paidPrice')), 0);
    expect(paidPrices).toBe(order.totalAmount + order.creditApplied);
    expect(
      order.items.reduce((sum: number, item: { totalPrice: number }) => sum + item.totalPrice, 0),
    ).toBe(1566 - 101);

    await callOk('refundOrder', { orderId: paid.orderId }, admin);
    const refunded = (await adminDb.doc(`orders/${paid.orderId}`).get()).data()!;
    expect(refunded.refundedAmount).toBe(order.totalAmount);
    expect((await adminDb.doc(`users/${buyer.uid}`).get()).get('accountCredit')).toBe(77);
  });
});
