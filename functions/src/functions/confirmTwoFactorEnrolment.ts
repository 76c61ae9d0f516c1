import { CALLABLES, type ConfirmTwoFactorEnrolmentOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { confirmEnrolment } from '../services/auth/twoFactor';

/** Two-factor set-up, step 2: the first code turns it on; recovery codes are answered once. */
export const confirmTwoFactorEnrolment = onCallable(
  CALLABLES.confirmTwoFactorEnrolment,
  async (input, caller): Promise<ConfirmTwoFactorEnrolmentOutput> => ({
    enabled: true,
    recoveryCodes: await confirmEnrolment(db, caller, input.code),
  }),
);
