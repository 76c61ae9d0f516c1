import { setDefaultPaymentMethodInput } from '@rafflewin/domain';
import { validatedOnCall } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { setDefaultCard } from '../services/account/paymentMethods';
import { requireCurrentSession } from '../services/account/session';

/** Makes one of the caller's cards the default; only the caller's own cards can be named. */
export const setDefaultPaymentMethod = validatedOnCall(
  setDefaultPaymentMethodInput,
  async (input, request): Promise<{ paymentMethodId: string }> => {
    const caller = await requireCurrentSession(auth, request);
    await setDefaultCard(db, caller.uid, input.paymentMethodId);
    return { paymentMethodId: input.paymentMethodId };
  },
);
