import { CALLABLES, type SavedCardOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { saveStripeCard as save } from '../services/account/stripeCards';
import { requireCardPayments } from '../services/payments/stripe';

/** Records the card entered on Stripe's set-up page (the session `startCardSetup` opened). */
export const saveStripeCard = onCallable(
  CALLABLES.saveStripeCard,
  async (input, caller): Promise<SavedCardOutput> => {
    requireCardPayments();
    const card = await save(db, caller.uid, input.setupSessionId);
    return { paymentMethodId: card.id, isDefault: card.isDefault };
  },
);
