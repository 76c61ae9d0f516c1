import { CALLABLES, ShopError, ACCOUNT_MESSAGES, type SavedCardOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { saveStripeCard as save } from '../services/account/stripeCards';
import { stripeEnabled } from '../services/payments/stripe';

/** Records the card of a SetupIntent the browser confirmed with Stripe. */
export const saveStripeCard = onCallable(
  CALLABLES.saveStripeCard,
  async (input, caller): Promise<SavedCardOutput> => {
    if (!stripeEnabled()) {
      throw new ShopError('failed-precondition', ACCOUNT_MESSAGES.testProviderOnly);
    }
    const card = await save(db, caller.uid, input.setupIntentId);
    return { paymentMethodId: card.id, isDefault: card.isDefault };
  },
);
