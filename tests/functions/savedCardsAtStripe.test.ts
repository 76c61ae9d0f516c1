/**
 * Saved cards against Stripe's own record: a set-up session sent again after its card was
 * removed does not bring the card back, and a card Stripe already detached can be removed.
 */
import { ACCOUNT_MESSAGES, paymentMethodsPath } from '@rafflewin/domain';
import { detachStripeCard } from '../../functions/src/services/account/stripeCards';
import { adminDb } from '../support/admin';
import { call, callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import { CARDS, payOnStripe, saveCard, stripeSessionOf } from '../support/stripeDouble';

jest.setTimeout(90_000);

async function cardIds(customer: Customer): Promise<string[]> {
  const snapshot = await adminDb.collection(paymentMethodsPath(customer.uid)).get();
  return snapshot.docs.map((doc) => doc.id);
}

describe('removed cards stay removed', () => {
  it('replaying the set-up session of a removed card does not bring the card back', async () => {
    const customer = await newCustomer('Card', 'Replay');
    const { url } = await callOk('startCardSetup', {}, customer);
    const setupSessionId = stripeSessionOf(url);
    const page = await payOnStripe(setupSessionId, { number: CARDS.debit });
    expect('error' in page).toBe(false);
    const saved = await callOk('saveStripeCard', { setupSessionId }, customer);
    await callOk('removePaymentMethod', { paymentMethodId: saved.paymentMethodId }, customer);
    expect(await cardIds(customer)).toEqual([]);

    // The same saveStripeCard request again (a stale tab, the browser's back button, a script).
    const replay = await call('saveStripeCard', { setupSessionId }, customer);
    // The card was detached from the customer's Stripe customer: it cannot be offered or used,
    // so the shop must not list it again.
    expect(await cardIds(customer)).toEqual([]);
    expect(replay.ok).toBe(false);
  });

  it('a card already detached at Stripe can still be removed from the account', async () => {
    const customer = await newCustomer('Card', 'Ghost');
    const saved = await saveCard(customer, CARDS.debit);
    // Detached at Stripe outside the shop (the dashboard, support, or the replay above).
    await detachStripeCard(saved.paymentMethodId);
    const removed = await call(
      'removePaymentMethod',
      { paymentMethodId: saved.paymentMethodId },
      customer,
    );
    expect(removed).toMatchObject({ ok: true });
    expect(await cardIds(customer)).toEqual([]);
  });
});

describe('(held) card doors', () => {
  it('refuse a banned customer a card set-up, and made-up card ids', async () => {
    const [admin, customer] = await Promise.all([newAdmin(), newCustomer('Card', 'Banned')]);
    expect(
      await call('removePaymentMethod', { paymentMethodId: 'pm_made_up' }, customer),
    ).toMatchObject({ ok: false, status: 'NOT_FOUND', message: ACCOUNT_MESSAGES.cardNotFound });
    expect(
      await call('setDefaultPaymentMethod', { paymentMethodId: 'pm_made_up' }, customer),
    ).toMatchObject({ ok: false, status: 'NOT_FOUND' });
    await callOk('setUserBanned', { uid: customer.uid, banned: true, reason: 'Fraud' }, admin);
    expect(await call('startCardSetup', {}, customer)).toMatchObject({ ok: false });
  });
});
