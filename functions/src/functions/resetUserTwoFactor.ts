import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { resetTwoFactor } from '../services/auth/twoFactor';

/** Turns a customer's two-factor off (administrators, audited; the customer is told). */
export const resetUserTwoFactor = onCallable(
  CALLABLES.resetUserTwoFactor,
  async ({ uid }, admin): Promise<{ uid: string }> => {
    await resetTwoFactor(db, auth, admin, uid);
    return { uid };
  },
);
