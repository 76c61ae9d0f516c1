import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { findCard, removeCard } from '../services/account/paymentMethods';
import { detachStripeCard } from '../services/account/stripeCards';

/**
 * Removes one of the caller's cards. A Stripe card is detached from the Stripe customer first,
 * so a record never outlives the card's use at Stripe.
 */
export const removePaymentMethod = onCallable(
  CALLABLES.removePaymentMethod,
  async (input, caller): Promise<{ paymentMethodId: string }> => {
    const card = await findCard(db, caller.uid, input.paymentMethodId);
    if (card.provider === 'stripe' && card.stripePaymentMethodId) {
      await detachStripeCard(card.stripePaymentMethodId);
    }
    await removeCard(db, caller.uid, input.paymentMethodId);
    return { paymentMethodId: input.paymentMethodId };
  },
);
