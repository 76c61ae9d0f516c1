import { CHECKOUT_MESSAGES } from '@rafflewin/domain';
import { adminDb } from '../support/admin';
import { call, callOk, newCustomer } from '../support/customers';
import { TEST_CARD, createRaffle, line } from '../support/raffles';

jest.setTimeout(60_000);

/**
 * A deployed project (not the emulators: no FUNCTIONS_EMULATOR) without STRIPE_SECRET_KEY must
 * not fall back to the local test provider, which accepts Stripe's public test cards.
 */
describe('a deployed project without its Stripe keys', () => {
  const emulator = process.env.FUNCTIONS_EMULATOR;
  afterEach(() => {
    process.env.FUNCTIONS_EMULATOR = emulator;
  });

  it('takes no card payment and saves no test card, with a clear message; free entries work', async () => {
    const [paid, free, customer] = await Promise.all([
      createRaffle({ ticketPrice: 250 }),
      createRaffle({ category: 'free', ticketPrice: 0, maxTicketsPerUser: 1 }),
      newCustomer('Deployed', 'Shopper'),
    ]);
    // A reservation made while test payments were allowed cannot be paid after.
    const earlier = await callOk('startCheckout', { items: [line(paid, 1)] }, customer);
    delete process.env.FUNCTIONS_EMULATOR;

    const unavailable = {
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: CHECKOUT_MESSAGES.paymentsUnavailable,
    };
    expect(await call('startCheckout', { items: [line(paid, 1)] }, customer)).toEqual(unavailable);
    expect(
      await call('payWithTestCard', { ...TEST_CARD, sessionId: earlier.sessionId }, customer),
    ).toEqual(unavailable);
    expect(
      await call(
        'addTestCard',
        { cardNumber: '4242424242424242', expiry: '12/34', securityCode: '123' },
        customer,
      ),
    ).toEqual(unavailable);
    const tickets = await adminDb.collection('tickets').where('raffleId', '==', paid).get();
    expect(tickets.size).toBe(0);

    expect((await call('startCheckout', { items: [line(free, 1)] }, customer)).ok).toBe(true);
  });
});
