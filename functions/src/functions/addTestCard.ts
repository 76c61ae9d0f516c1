import {
  CALLABLES,
  ShopError,
  ACCOUNT_MESSAGES,
  SAVEABLE_TEST_CARDS,
  cardHasExpired,
  parseExpiry,
  type SavedCardOutput,
} from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { addCard } from '../services/account/paymentMethods';
import { requireCardPayments, stripeEnabled } from '../services/payments/stripe';

/**
 * The local test provider's card form (no STRIPE_SECRET_KEY): saves one of Stripe's test
 * cards as brand, last four digits, expiry and funding type. The number and security code are
 * checked and forgotten. With Stripe configured, cards go through Stripe only.
 */
export const addTestCard = onCallable(
  CALLABLES.addTestCard,
  async (input, caller): Promise<SavedCardOutput> => {
    if (stripeEnabled()) throw new ShopError('failed-precondition', ACCOUNT_MESSAGES.stripeOnly);
    requireCardPayments();
    const known = SAVEABLE_TEST_CARDS[input.cardNumber];
    if (!known) throw new ShopError('invalid-argument', ACCOUNT_MESSAGES.testCardOnly);
    const { month, year } = parseExpiry(input.expiry);
    if (cardHasExpired(month, year, new Date())) {
      throw new ShopError('invalid-argument', ACCOUNT_MESSAGES.cardExpired);
    }
    const card = await addCard(db, caller.uid, {
      provider: 'test',
      stripePaymentMethodId: null,
      brand: known.brand,
      last4: input.cardNumber.slice(-4),
      expMonth: month,
      expYear: year,
      funding: known.funding,
    });
    return { paymentMethodId: card.id, isDefault: card.isDefault };
  },
);
