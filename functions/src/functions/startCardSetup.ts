import { CALLABLES, RATE_LIMITS, type StartCardSetupOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { startStripeCardSetup } from '../services/account/stripeCards';
import { enforceRateLimit } from '../services/rateLimit';

/** Begins adding a card on Stripe's hosted set-up page (see stripeCards.ts). */
export const startCardSetup = onCallable(
  CALLABLES.startCardSetup,
  async (_input, caller): Promise<StartCardSetupOutput> => {
    await enforceRateLimit(db, `card-setup:${caller.uid}`, RATE_LIMITS.startCardSetup);
    return startStripeCardSetup(db, caller.uid, caller.email);
  },
);
