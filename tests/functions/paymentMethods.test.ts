import {
  ACCOUNT_MESSAGES,
  MAX_PAYMENT_METHODS,
  RATE_LIMITS,
  paymentMethodsPath,
} from '@rafflewin/domain';
import { stripe } from '../../functions/src/services/payments/stripe';
import { takeRateLimit } from '../../functions/src/services/rateLimit';
import { adminDb } from '../support/admin';
import { call, callOk, newCustomer, type Customer } from '../support/customers';
import { CARDS, payOnStripe, saveCard, stripeSessionOf } from '../support/stripeDouble';

jest.setTimeout(90_000);

const VISA_CREDIT = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const VISA_DEBIT = { number: '4000056655665556', expiry: '01/33', cvc: '456' };

async function cardsOf(customer: Customer) {
  const snapshot = await adminDb.collection(paymentMethodsPath(customer.uid)).get();
  return snapshot.docs.map((d) => ({ id: d.id, ...d.data() }) as Record<string, unknown>);
}

const defaults = async (customer: Customer) =>
  (await cardsOf(customer)).filter((c) => c.isDefault).map((c) => c.id);

/** A card set-up of the customer's, completed on Stripe's page and not saved yet. */
async function completedSetup(customer: Customer): Promise<string> {
  const { url } = await callOk('startCardSetup', {}, customer);
  const setupSessionId = stripeSessionOf(url);
  await payOnStripe(setupSessionId, { number: CARDS.debit });
  return setupSessionId;
}

/** What `act` answers, failing if it asked Stripe for a Checkout Session meanwhile. */
async function withoutAskingStripe<T>(act: () => Promise<T>): Promise<T> {
  const retrieve = jest.spyOn((await stripe()).checkout.sessions, 'retrieve');
  try {
    const answer = await act();
    expect(retrieve).not.toHaveBeenCalled();
    return answer;
  } finally {
    retrieve.mockRestore();
  }
}

describe('payment cards (saved at Stripe, the local double)', () => {
  it("opens Stripe's hosted set-up page for the customer's Stripe customer", async () => {
    const customer = await newCustomer('Carl', 'Cards');
    const { url } = await callOk('startCardSetup', {}, customer);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:12111\/pay\/cs_test_/);
    const page = await (await fetch(url)).text();
    expect(page).toContain('Save a card for later');
    const stored = await adminDb.doc(`stripeCustomers/${customer.uid}`).get();
    expect(stored.get('customerId')).toMatch(/^cus_test_/);
  });

  it('refuses a loop of card set-ups by one account before opening a Stripe page', async () => {
    const customer = await newCustomer('Cole', 'Looper');
    await callOk('startCardSetup', {}, customer);
    const limit = RATE_LIMITS.startCardSetup;
    for (let i = 1; i < limit.max; i += 1) {
      await takeRateLimit(adminDb, `card-setup:${customer.uid}`, limit);
    }
    expect(await call('startCardSetup', {}, customer)).toMatchObject({
      ok: false,
      status: 'RESOURCE_EXHAUSTED',
      message: limit.message,
    });
  });

  it('refuses a loop of card saves by one account before asking Stripe', async () => {
    // Before, every save read the session it named from Stripe, with no limit: one account's
    // loop of made-up ids could spend the Stripe allowance every shopper's payment needs.
    const customer = await newCustomer('Sal', 'Looper');
    const setupSessionId = await completedSetup(customer);
    const limit = RATE_LIMITS.saveStripeCard;
    for (let i = 0; i < limit.max; i += 1) {
      await takeRateLimit(adminDb, `save-card:${customer.uid}`, limit);
    }
    const answer = await withoutAskingStripe(() =>
      call('saveStripeCard', { setupSessionId }, customer),
    );
    expect(answer).toEqual({ ok: false, status: 'RESOURCE_EXHAUSTED', message: limit.message });
    expect(await cardsOf(customer)).toEqual([]);
  });

  it('asks Stripe nothing for an account that has no Stripe customer', async () => {
    const [stranger, owner] = await Promise.all([
      newCustomer('Nora', 'Nocard'),
      newCustomer('Own', 'Setup'),
    ]);
    // Someone else's completed set-up, and an id that is nobody's.
    for (const setupSessionId of [await completedSetup(owner), 'cs_test_nobodys']) {
      const answer = await withoutAskingStripe(() =>
        call('saveStripeCard', { setupSessionId }, stranger),
      );
      expect(answer).toEqual({
        ok: false,
        status: 'NOT_FOUND',
        message: ACCOUNT_MESSAGES.cardSetupIncomplete,
      });
    }
    expect(await cardsOf(stranger)).toEqual([]);
    expect((await adminDb.doc(`stripeCustomers/${stranger.uid}`).get()).exists).toBe(false);
  });

  it("saves Stripe's test cards as brand, last four, expiry and funding only", async () => {
    const customer = await newCustomer('Cara', 'Saver');
    const first = await saveCard(customer, VISA_CREDIT);
    const second = await saveCard(customer, VISA_DEBIT);
    expect(first.isDefault).toBe(true);
    expect(second.isDefault).toBe(false);
    const cards = await cardsOf(customer);
    expect(cards.find((c) => c.id === first.paymentMethodId)).toMatchObject({
      provider: 'stripe',
      stripePaymentMethodId: first.paymentMethodId,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
      funding: 'credit',
      isDefault: true,
    });
    expect(cards.find((c) => c.id === second.paymentMethodId)).toMatchObject({
      last4: '5556',
      funding: 'debit',
      expMonth: 1,
      expYear: 2033,
      isDefault: false,
    });
    const stored = JSON.stringify(cards);
    expect(stored).not.toContain('4242424242424242');
    expect(stored).not.toContain('4000056655665556');
    expect(stored).not.toContain('"123"');
  });

  it("saves only a completed set-up of the caller's own, once", async () => {
    const [customer, other] = await Promise.all([
      newCustomer('Set', 'Up'),
      newCustomer('Not', 'Mine'),
    ]);
    const { url } = await callOk('startCardSetup', {}, customer);
    const setupSessionId = stripeSessionOf(url);
    // Not yet completed on Stripe's page.
    expect(await call('saveStripeCard', { setupSessionId }, customer)).toMatchObject({
      ok: false,
      message: ACCOUNT_MESSAGES.cardSetupIncomplete,
    });
    expect(await payOnStripe(setupSessionId, { number: CARDS.declined })).toEqual({
      error: 'Your card was declined.',
    });
    await payOnStripe(setupSessionId, { number: CARDS.debit });
    // Someone else's completed set-up, and ids that are not set-ups at all.
    for (const [id, who] of [
      [setupSessionId, other],
      ['cs_test_nothing', customer],
    ] as const) {
      expect(await call('saveStripeCard', { setupSessionId: id }, who)).toMatchObject({
        ok: false,
        status: 'NOT_FOUND',
        message: ACCOUNT_MESSAGES.cardSetupIncomplete,
      });
    }
    const first = await callOk('saveStripeCard', { setupSessionId }, customer);
    const again = await callOk('saveStripeCard', { setupSessionId }, customer);
    expect(again).toEqual(first);
    expect(await cardsOf(customer)).toHaveLength(1);
    expect(await cardsOf(other)).toEqual([]);
  });

  it("refuses another customer's card ids and changes nothing", async () => {
    const [owner, intruder] = await Promise.all([
      newCustomer('Own', 'Er'),
      newCustomer('Int', 'Ruder'),
    ]);
    const card = await saveCard(owner, VISA_CREDIT);
    await saveCard(owner, VISA_DEBIT);
    await saveCard(intruder, VISA_DEBIT);
    const before = await cardsOf(owner);
    for (const name of ['setDefaultPaymentMethod', 'removePaymentMethod'] as const) {
      expect(await call(name, { paymentMethodId: card.paymentMethodId }, intruder)).toMatchObject({
        ok: false,
        status: 'NOT_FOUND',
        message: ACCOUNT_MESSAGES.cardNotFound,
      });
    }
    expect(await cardsOf(owner)).toEqual(before);
    expect(await call('removePaymentMethod', { paymentMethodId: '../x' }, owner)).toMatchObject({
      ok: false,
      status: 'INVALID_ARGUMENT',
    });
  });

  it('keeps one default when cards are added at the same moment', async () => {
    const customer = await newCustomer('Con', 'Current');
    const added = await Promise.all(
      Array.from({ length: 4 }, () => saveCard(customer, VISA_CREDIT)),
    );
    expect(added.filter((card) => card.isDefault)).toHaveLength(1);
    expect(await defaults(customer)).toHaveLength(1);
    expect(await cardsOf(customer)).toHaveLength(4);
  });

  it(`keeps at most ${MAX_PAYMENT_METHODS} cards`, async () => {
    const customer = await newCustomer('Max', 'Cards');
    for (let i = 0; i < MAX_PAYMENT_METHODS; i += 1) {
      await saveCard(customer, VISA_CREDIT);
    }
    await expect(saveCard(customer, VISA_DEBIT)).rejects.toThrow(ACCOUNT_MESSAGES.tooManyCards);
    expect(await cardsOf(customer)).toHaveLength(MAX_PAYMENT_METHODS);
  });

  it('refuses guests', async () => {
    for (const [name, data] of [
      ['startCardSetup', {}],
      ['saveStripeCard', { setupSessionId: 'cs_test_1' }],
      ['setDefaultPaymentMethod', { paymentMethodId: 'abc' }],
      ['removePaymentMethod', { paymentMethodId: 'abc' }],
    ] as const) {
      expect(await call(name, data)).toMatchObject({ ok: false, status: 'UNAUTHENTICATED' });
    }
  });
});
