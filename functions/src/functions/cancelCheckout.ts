import { CALLABLES, type CancelCheckoutOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { cancelOwnCheckout } from '../services/checkout/cancel';

/** The shopper left Stripe's page: the reservation is released at once (see cancel.ts). */
export const cancelCheckout = onCallable(
  CALLABLES.cancelCheckout,
  async (input, caller): Promise<CancelCheckoutOutput> =>
    cancelOwnCheckout(db, input.sessionId, caller.uid),
);
