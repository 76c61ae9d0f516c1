import { CALLABLES, type StartCardSetupOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { startStripeCardSetup } from '../services/account/stripeCards';

/** Begins adding a card on Stripe's hosted set-up page (see stripeCards.ts). */
export const startCardSetup = onCallable(
  CALLABLES.startCardSetup,
  async (_input, caller): Promise<StartCardSetupOutput> =>
    startStripeCardSetup(db, caller.uid, caller.email),
);
