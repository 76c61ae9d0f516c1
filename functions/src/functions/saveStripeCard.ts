import { CALLABLES, RATE_LIMITS, type SavedCardOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { saveStripeCard as save } from '../services/account/stripeCards';
import { requireCardPayments } from '../services/payments/stripe';
import { enforceRateLimit } from '../services/rateLimit';

/** Records the card entered on Stripe's set-up page (the session `startCardSetup` opened). */
export const saveStripeCard = onCallable(
  CALLABLES.saveStripeCard,
  async (input, caller): Promise<SavedCardOutput> => {
    requireCardPayments();
    await enforceRateLimit(db, `save-card:${caller.uid}`, RATE_LIMITS.saveStripeCard);
    const card = await save(db, caller.uid, input.setupSessionId);
    return { paymentMethodId: card.id, isDefault: card.isDefault };
  },
);
