import { CALLABLES, type StartTwoFactorEnrolmentOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { startEnrolment } from '../services/auth/twoFactor';

/** Two-factor set-up, step 1: the current password, then a new secret, answered this once. */
export const startTwoFactorEnrolment = onCallable(
  CALLABLES.startTwoFactorEnrolment,
  async (input, caller): Promise<StartTwoFactorEnrolmentOutput> =>
    startEnrolment(db, auth, caller, input.currentPassword),
);
