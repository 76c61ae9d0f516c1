import { removePaymentMethodInput } from '@rafflewin/domain';
import { validatedOnCall } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { findCard, removeCard } from '../services/account/paymentMethods';
import { requireCurrentSession } from '../services/account/session';
import { detachStripeCard } from '../services/account/stripeCards';

/**
 * Removes one of the caller's cards. A Stripe card is detached from the Stripe customer first,
 * so a record never outlives the card's use at Stripe.
 */
export const removePaymentMethod = validatedOnCall(
  removePaymentMethodInput,
  async (input, request): Promise<{ paymentMethodId: string }> => {
    const caller = await requireCurrentSession(auth, request);
    const card = await findCard(db, caller.uid, input.paymentMethodId);
    if (card.provider === 'stripe' && card.stripePaymentMethodId) {
      await detachStripeCard(card.stripePaymentMethodId);
    }
    await removeCard(db, caller.uid, input.paymentMethodId);
    return { paymentMethodId: input.paymentMethodId };
  },
);
