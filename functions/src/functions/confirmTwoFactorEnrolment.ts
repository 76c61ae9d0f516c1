import { twoFactorCodeInput } from '@rafflewin/domain';
import { requireCustomer } from '../lib/access';
import { validatedOnCall } from '../lib/callable';
import { db } from '../lib/firebase';
import { confirmEnrolment } from '../services/auth/twoFactor';

/** Two-factor set-up, step 2: the first code turns it on. */
export const confirmTwoFactorEnrolment = validatedOnCall(
  twoFactorCodeInput,
  async (input, request): Promise<{ enabled: true }> => {
    await confirmEnrolment(db, await requireCustomer(request), input.code);
    return { enabled: true };
  },
);
