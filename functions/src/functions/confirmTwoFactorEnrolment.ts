import { CALLABLES, type ConfirmTwoFactorEnrolmentOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { confirmEnrolment } from '../services/auth/twoFactor';

/**
 * Two-factor set-up, step 2: the first code turns it on; recovery codes are answered once,
 * with this browser's new sign-in (every other session ends).
 */
export const confirmTwoFactorEnrolment = onCallable(
  CALLABLES.confirmTwoFactorEnrolment,
  async (input, caller): Promise<ConfirmTwoFactorEnrolmentOutput> => ({
    enabled: true,
    ...(await confirmEnrolment(db, auth, caller, input.code, new Date(), input.keepDeviceId)),
  }),
);
