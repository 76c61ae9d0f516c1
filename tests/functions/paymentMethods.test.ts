import {
  ACCOUNT_MESSAGES,
  CARD_MESSAGES,
  MAX_PAYMENT_METHODS,
  paymentMethodsPath,
} from '@rafflewin/domain';
import { adminDb } from '../support/admin';
import { call, callOk, newCustomer, type Customer } from '../support/customers';

jest.setTimeout(90_000);

const VISA_CREDIT = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', securityCode: '123' };
const VISA_DEBIT = { cardNumber: '4000056655665556', expiry: '01/33', securityCode: '456' };

async function cardsOf(customer: Customer) {
  const snapshot = await adminDb.collection(paymentMethodsPath(customer.uid)).get();
  return snapshot.docs.map((d) => ({ id: d.id, ...d.data() }) as Record<string, unknown>);
}

const defaults = async (customer: Customer) =>
  (await cardsOf(customer)).filter((c) => c.isDefault).map((c) => c.id);

describe('payment cards (local test provider)', () => {
  it('answers that the local test provider takes cards when Stripe is not configured', async () => {
    const customer = await newCustomer('Carl', 'Cards');
    expect(await callOk('startCardSetup', {}, customer)).toEqual({
      provider: 'test',
    });
  });

  it("saves Stripe's test cards as brand, last four, expiry and funding only", async () => {
    const customer = await newCustomer('Cara', 'Saver');
    const first = await callOk('addTestCard', VISA_CREDIT, customer);
    const second = await callOk('addTestCard', VISA_DEBIT, customer);
    expect(first.isDefault).toBe(true);
    expect(second.isDefault).toBe(false);
    const cards = await cardsOf(customer);
    expect(cards.find((c) => c.id === first.paymentMethodId)).toMatchObject({
      provider: 'test',
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

  it('refuses other numbers, expired cards and malformed input, saving nothing', async () => {
    const customer = await newCustomer('Rex', 'Refused');
    const refusals: Array<[Record<string, string>, string]> = [
      [{ cardNumber: '4000000000000002' }, ACCOUNT_MESSAGES.testCardOnly],
      [{ cardNumber: '5555555555554444' }, ACCOUNT_MESSAGES.testCardOnly],
      [{ expiry: '01/20' }, ACCOUNT_MESSAGES.cardExpired],
      [{ cardNumber: '4242' }, CARD_MESSAGES.numberInvalid],
      [{ expiry: '13/30' }, CARD_MESSAGES.expiryInvalid],
      [{ securityCode: '' }, CARD_MESSAGES.securityCodeRequired],
    ];
    for (const [change, message] of refusals) {
      expect(await call('addTestCard', { ...VISA_CREDIT, ...change }, customer)).toMatchObject({
        ok: false,
        message,
      });
    }
    expect(await cardsOf(customer)).toEqual([]);
  });

  it('keeps exactly one default when switching it', async () => {
    const customer = await newCustomer('Dee', 'Default');
    const first = await callOk('addTestCard', VISA_CREDIT, customer);
    const second = await callOk('addTestCard', VISA_DEBIT, customer);
    await callOk('setDefaultPaymentMethod', { paymentMethodId: second.paymentMethodId }, customer);
    expect(await defaults(customer)).toEqual([second.paymentMethodId]);
    await callOk('setDefaultPaymentMethod', { paymentMethodId: first.paymentMethodId }, customer);
    expect(await defaults(customer)).toEqual([first.paymentMethodId]);
  });

  it('makes the newest remaining card the default when the default is removed', async () => {
    const customer = await newCustomer('Rem', 'Over');
    const oldest = await callOk('addTestCard', VISA_CREDIT, customer);
    const middle = await callOk('addTestCard', VISA_DEBIT, customer);
    const newest = await callOk('addTestCard', VISA_CREDIT, customer);
    await callOk('removePaymentMethod', { paymentMethodId: oldest.paymentMethodId }, customer);
    expect(await defaults(customer)).toEqual([newest.paymentMethodId]);
    // Removing a card that is not the default leaves the default alone.
    await callOk('removePaymentMethod', { paymentMethodId: middle.paymentMethodId }, customer);
    expect(await defaults(customer)).toEqual([newest.paymentMethodId]);
    await callOk('removePaymentMethod', { paymentMethodId: newest.paymentMethodId }, customer);
    expect(await cardsOf(customer)).toEqual([]);
  });

  it("refuses another customer's card ids and changes nothing", async () => {
    const [owner, intruder] = await Promise.all([
      newCustomer('Own', 'Er'),
      newCustomer('Int', 'Ruder'),
    ]);
    const card = await callOk('addTestCard', VISA_CREDIT, owner);
    await callOk('addTestCard', VISA_DEBIT, owner);
    await callOk('addTestCard', VISA_DEBIT, intruder);
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
      Array.from({ length: 4 }, () => callOk('addTestCard', VISA_CREDIT, customer)),
    );
    expect(added.filter((card) => card.isDefault)).toHaveLength(1);
    expect(await defaults(customer)).toHaveLength(1);
    expect(await cardsOf(customer)).toHaveLength(4);
  });

  it(`keeps at most ${MAX_PAYMENT_METHODS} cards`, async () => {
    const customer = await newCustomer('Max', 'Cards');
    for (let i = 0; i < MAX_PAYMENT_METHODS; i += 1) {
      await callOk('addTestCard', VISA_CREDIT, customer);
    }
    expect(await call('addTestCard', VISA_DEBIT, customer)).toMatchObject({
      ok: false,
      message: ACCOUNT_MESSAGES.tooManyCards,
    });
    expect(await cardsOf(customer)).toHaveLength(MAX_PAYMENT_METHODS);
  });

  it('refuses guests', async () => {
    for (const [name, data] of [
      ['startCardSetup', {}],
      ['addTestCard', VISA_CREDIT],
      ['setDefaultPaymentMethod', { paymentMethodId: 'abc' }],
      ['removePaymentMethod', { paymentMethodId: 'abc' }],
    ] as const) {
      expect(await call(name, data)).toMatchObject({ ok: false, status: 'UNAUTHENTICATED' });
    }
  });

  it('refuses saving a Stripe card when Stripe is not configured', async () => {
    const customer = await newCustomer('Str', 'Ipe');
    expect(await call('saveStripeCard', { setupIntentId: 'seti_123' }, customer)).toMatchObject({
      ok: false,
      message: ACCOUNT_MESSAGES.testProviderOnly,
    });
  });
});
