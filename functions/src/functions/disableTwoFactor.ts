import { twoFactorCodeInput } from '@rafflewin/domain';
import { requireCustomer } from '../lib/access';
import { validatedOnCall } from '../lib/callable';
import { db } from '../lib/firebase';
import { disableTwoFactor as turnOff } from '../services/auth/twoFactor';

/** Turns two-factor off; needs a current code. */
export const disableTwoFactor = validatedOnCall(
  twoFactorCodeInput,
  async (input, request): Promise<{ enabled: false }> => {
    await turnOff(db, await requireCustomer(request), input.code);
    return { enabled: false };
  },
);
