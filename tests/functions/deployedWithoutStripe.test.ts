import { CHECKOUT_MESSAGES } from '@rafflewin/domain';
import { apiLocation } from '../../functions/src/services/payments/stripe';
import { adminDb } from '../support/admin';
import { call, callOk, newCustomer } from '../support/customers';
import { createRaffle, line } from '../support/raffles';

jest.setTimeout(60_000);

/**
 * A deployed project (not the emulators: no FUNCTIONS_EMULATOR) talks to Stripe itself, never
 * to the local double, and without STRIPE_SECRET_KEY takes no card payment at all.
 */
describe('a deployed project', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env.FUNCTIONS_EMULATOR = saved.FUNCTIONS_EMULATOR;
    process.env.STRIPE_SECRET_KEY = saved.STRIPE_SECRET_KEY;
  });

  it('sends Stripe requests to Stripe whatever STRIPE_API_URL says', () => {
    expect(process.env.STRIPE_API_URL).toBe('http://127.0.0.1:12111');
    expect(apiLocation()).toEqual({ host: '127.0.0.1', port: '12111', protocol: 'http' });
    delete process.env.FUNCTIONS_EMULATOR;
    expect(apiLocation()).toEqual({});
  });

  it('without its Stripe key takes no card payment and saves no card, with a clear message; free entries work', async () => {
    const [paid, free, customer] = await Promise.all([
      createRaffle({ ticketPrice: 250 }),
      createRaffle({ category: 'free', ticketPrice: 0, maxTicketsPerUser: 1 }),
      newCustomer('Deployed', 'Shopper'),
    ]);
    delete process.env.FUNCTIONS_EMULATOR;
    delete process.env.STRIPE_SECRET_KEY;

    const unavailable = {
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: CHECKOUT_MESSAGES.paymentsUnavailable,
    };
    expect(await call('startCheckout', { items: [line(paid, 1)] }, customer)).toEqual(unavailable);
    expect(await call('startCardSetup', {}, customer)).toEqual(unavailable);
    expect(await call('saveStripeCard', { setupSessionId: 'cs_test_x' }, customer)).toEqual(
      unavailable,
    );
    const tickets = await adminDb.collection('tickets').where('raffleId', '==', paid).get();
    expect(tickets.size).toBe(0);

    const claim = await callOk('startCheckout', { items: [line(free, 1)] }, customer);
    expect(claim).toMatchObject({ provider: 'free', checkoutUrl: null });
    expect((await call('claimFreeEntries', { sessionId: claim.sessionId }, customer)).ok).toBe(
      true,
    );
  });
});
