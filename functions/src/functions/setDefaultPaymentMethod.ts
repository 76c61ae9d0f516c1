import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { setDefaultCard } from '../services/account/paymentMethods';

/** Makes one of the caller's cards the default; only the caller's own cards can be named. */
export const setDefaultPaymentMethod = onCallable(
  CALLABLES.setDefaultPaymentMethod,
  async (input, caller): Promise<{ paymentMethodId: string }> => {
    await setDefaultCard(db, caller.uid, input.paymentMethodId);
    return { paymentMethodId: input.paymentMethodId };
  },
);
