import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { disableTwoFactor as turnOff } from '../services/auth/twoFactor';

/** Turns two-factor off; needs a current code. */
export const disableTwoFactor = onCallable(
  CALLABLES.disableTwoFactor,
  async (input, caller): Promise<{ enabled: false }> => {
    await turnOff(db, caller, input.code);
    return { enabled: false };
  },
);
