import { startCardSetupInput, type StartCardSetupOutput } from '@rafflewin/domain';
import { validatedOnCall } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { requireCurrentSession } from '../services/account/session';
import { startStripeCardSetup } from '../services/account/stripeCards';
import { stripeEnabled } from '../services/payments/stripe';

/**
 * Begins adding a card: a Stripe SetupIntent with STRIPE_SECRET_KEY set, otherwise the answer
 * that the local test provider (`addTestCard`) takes it.
 */
export const startCardSetup = validatedOnCall(
  startCardSetupInput,
  async (_input, request): Promise<StartCardSetupOutput> => {
    const caller = await requireCurrentSession(auth, request);
    if (!stripeEnabled()) return { provider: 'test' };
    return startStripeCardSetup(db, caller.uid, caller.email);
  },
);
