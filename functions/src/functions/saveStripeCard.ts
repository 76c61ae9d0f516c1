import { ACCOUNT_MESSAGES, saveStripeCardInput, type SavedCardOutput } from '@rafflewin/domain';
import { HttpsError } from 'firebase-functions/v2/https';
import { validatedOnCall } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { requireCurrentSession } from '../services/account/session';
import { saveStripeCard as save } from '../services/account/stripeCards';
import { stripeEnabled } from '../services/payments/stripe';

/** Records the card of a SetupIntent the browser confirmed with Stripe. */
export const saveStripeCard = validatedOnCall(
  saveStripeCardInput,
  async (input, request): Promise<SavedCardOutput> => {
    const caller = await requireCurrentSession(auth, request);
    if (!stripeEnabled()) {
      throw new HttpsError('failed-precondition', ACCOUNT_MESSAGES.testProviderOnly);
    }
    const card = await save(db, caller.uid, input.setupIntentId);
    return { paymentMethodId: card.id, isDefault: card.isDefault };
  },
);
