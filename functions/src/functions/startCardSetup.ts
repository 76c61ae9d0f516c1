import { CALLABLES, type StartCardSetupOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { startStripeCardSetup } from '../services/account/stripeCards';
import { stripeEnabled } from '../services/payments/stripe';

/**
 * Begins adding a card: a Stripe SetupIntent with STRIPE_SECRET_KEY set, otherwise the answer
 * that the local test provider (`addTestCard`) takes it.
 */
export const startCardSetup = onCallable(
  CALLABLES.startCardSetup,
  async (_input, caller): Promise<StartCardSetupOutput> => {
    if (!stripeEnabled()) return { provider: 'test' };
    return startStripeCardSetup(db, caller.uid, caller.email);
  },
);
