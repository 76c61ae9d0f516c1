/**
 * Promo codes at their seams: a code that takes nothing off uses nothing up, checkPromoCode
 * agrees with startCheckout for a shopper back from the payment page, and racing checkouts
 * never use a code more often than it allows.
 */
import { PROMO_MESSAGES, type SavePromoCodeInput } from '@rafflewin/domain';
import { adminDb } from '../support/admin';
import { call, callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import { newPromoCode } from '../support/promoCodes';
import { createRaffle, line } from '../support/raffles';

jest.setTimeout(120_000);

let admin: Customer;

beforeAll(async () => {
  admin = await newAdmin();
});

const newCode = (overrides: Partial<SavePromoCodeInput> = {}) => newPromoCode(admin, overrides);

const codeDoc = async (code: string) => (await adminDb.doc(`promoCodes/${code}`).get()).data()!;

const freeRaffle = () =>
  createRaffle({ category: 'free', ticketPrice: 0, maxTicketsPerUser: 1 }, { question: false });

describe('a code that takes nothing off', () => {
  it('is not used up by a free raffle: the customer keeps their one use for a paid one', async () => {
    const [free, paid, buyer] = await Promise.all([
      freeRaffle(),
      createRaffle({ ticketPrice: 150 }),
      newCustomer(),
    ]);
    const code = await newCode({ maxUsesPerCustomer: 1 });
    // The shopper has the code in the box while claiming a free entry.
    const answer = await call(
      'startCheckout',
      { items: [{ raffleId: free, quantity: 1 }], promoCode: code },
      buyer,
    );
    expect(answer).toMatchObject({ ok: false, message: PROMO_MESSAGES.notForCart });
    // Nothing was taken off, so nothing of the code was spent.
    expect(await codeDoc(code)).toMatchObject({ uses: 0 });
    const started = await call(
      'startCheckout',
      { items: [line(paid, 10)], promoCode: code },
      buyer,
    );
    expect(started.ok ? started.result.amount : started).toBe(1350);
  });

  it('is not used up by a code with one use left when it gives a free entry nothing', async () => {
    const [free, paid, freeloader, payer] = await Promise.all([
      freeRaffle(),
      createRaffle({ ticketPrice: 150 }),
      newCustomer(),
      newCustomer(),
    ]);
    const code = await newCode({ kind: 'amount', value: 500, maxUses: 1 });
    const answer = await call(
      'startCheckout',
      { items: [{ raffleId: free, quantity: 1 }], promoCode: code },
      freeloader,
    );
    expect(answer).toMatchObject({ ok: false, message: PROMO_MESSAGES.notForCart });
    // The one use is still there for a customer it takes £5.00 off.
    const started = await call('startCheckout', { items: [line(paid, 4)], promoCode: code }, payer);
    expect(started.ok ? started.result.amount : started).toBe(100);
  });

  it('is not used up when its percentage rounds to nothing', async () => {
    const [cheap, paid, buyer] = await Promise.all([
      createRaffle({ ticketPrice: 50 }),
      createRaffle({ ticketPrice: 1000 }),
      newCustomer(),
    ]);
    const code = await newCode({ value: 1 });
    // 1% of 50p is half a penny: nothing off.
    const answer = await call('startCheckout', { items: [line(cheap, 1)], promoCode: code }, buyer);
    expect(answer).toMatchObject({ ok: false, message: PROMO_MESSAGES.notForCart });
    const started = await call(
      'startCheckout',
      { items: [line(paid, 10)], promoCode: code },
      buyer,
    );
    expect(started.ok ? started.result.amount : started).toBe(9900);
  });
});

describe('trying a code while an unpaid checkout holds it', () => {
  it('says it applies when startCheckout would apply it (a shopper back from Stripe’s page)', async () => {
    const [raffleId, buyer] = await Promise.all([
      createRaffle({ ticketPrice: 150 }),
      newCustomer(),
    ]);
    const code = await newCode({ maxUsesPerCustomer: 1 });
    const items = [line(raffleId, 10)];
    // Checked out with the code, went to Stripe's page, came back with the browser's Back.
    await callOk('startCheckout', { items, promoCode: code }, buyer);
    // The checkout page has forgotten the code: the shopper applies it again.
    const tried = await call('checkPromoCode', { code, items }, buyer);
    // The server would take it off again (the unpaid checkout is replaced, its use given back):
    const again = await callOk('startCheckout', { items, promoCode: code }, buyer);
    expect(again.amount).toBe(1350);
    // So the shopper must not be told it was used up.
    expect(tried.ok ? tried.result : tried).toMatchObject({ discount: 150, total: 1350 });
  });
});

describe('trying a code while an unpaid checkout holds the account credit', () => {
  it('counts that credit as given back, as startCheckout does, for the card minimum', async () => {
    const [raffleId, buyer] = await Promise.all([
      createRaffle({ ticketPrice: 100 }),
      newCustomer('Test', 'Buyer', { accountCredit: 100 }),
    ]);
    // £1 of credit pays the whole of one ticket: the open checkout holds it.
    const first = await callOk('startCheckout', { items: [line(raffleId, 1)] }, buyer);
    expect(first).toMatchObject({ amount: 0, provider: 'free' });
    // 80p off leaves 20p: under the card minimum by card, but the credit given back pays it.
    const code = await newCode({ kind: 'amount', value: 80 });
    const items = [line(raffleId, 1)];
    expect(await callOk('checkPromoCode', { code, items }, buyer)).toMatchObject({ total: 20 });
    const second = await callOk('startCheckout', { items, promoCode: code }, buyer);
    expect(second).toMatchObject({ amount: 0, provider: 'free' });
    expect((await adminDb.doc(`users/${buyer.uid}`).get()).get('accountCredit')).toBe(80);
  });
});

describe('one customer racing their own checkouts with a once-per-customer code', () => {
  it('never holds more uses than live checkouts hold, nor more than one', async () => {
    const [raffleId, buyer] = await Promise.all([
      createRaffle({ ticketPrice: 150, maxTickets: 1000, maxTicketsPerUser: 100 }),
      newCustomer(),
    ]);
    const code = await newCode({ maxUsesPerCustomer: 1, maxUses: 5 });
    await Promise.all(
      Array.from({ length: 6 }, () =>
        call('startCheckout', { items: [line(raffleId, 1)], promoCode: code }, buyer),
      ),
    );
    const sessions = await adminDb
      .collection('checkoutSessions')
      .where('userId', '==', buyer.uid)
      .get();
    const holding = sessions.docs.filter(
      (doc) => doc.get('status') === 'pending' && doc.get('promo.code') === code,
    ).length;
    expect(holding).toBeLessThanOrEqual(1);
    expect((await codeDoc(code)).uses).toBe(holding);
    const customer = await adminDb.doc(`promoCodes/${code}/customers/${buyer.uid}`).get();
    expect(customer.get('uses') ?? 0).toBe(holding);
  });
});

describe('a code’s dates and state at checkout', () => {
  it('refuses an expired, not-yet-started or switched-off code at startCheckout too, using nothing', async () => {
    const [raffleId, buyer] = await Promise.all([createRaffle(), newCustomer()]);
    const cases: Array<[string, string]> = [
      [await newCode({ endsAt: new Date(Date.now() - 1000).toISOString() }), PROMO_MESSAGES.ended],
      [
        await newCode({ startsAt: new Date(Date.now() + 86_400_000).toISOString() }),
        PROMO_MESSAGES.notStarted,
      ],
      [await newCode({ active: false }), PROMO_MESSAGES.notValid],
      [await newCode({ minSpend: 10_000 }), PROMO_MESSAGES.minSpend(10_000)],
    ];
    for (const [code, message] of cases) {
      expect(
        await call('startCheckout', { items: [line(raffleId, 1)], promoCode: code }, buyer),
      ).toMatchObject({ ok: false, message });
      expect(await codeDoc(code)).toMatchObject({ uses: 0 });
    }
  });
});
