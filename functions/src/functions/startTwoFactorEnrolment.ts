import {
  startTwoFactorEnrolmentInput,
  type StartTwoFactorEnrolmentOutput,
} from '@rafflewin/domain';
import { requireCustomer } from '../lib/access';
import { validatedOnCall } from '../lib/callable';
import { db } from '../lib/firebase';
import { startEnrolment } from '../services/auth/twoFactor';

/** Two-factor set-up, step 1: a new secret, answered this once. */
export const startTwoFactorEnrolment = validatedOnCall(
  startTwoFactorEnrolmentInput,
  async (_input, request): Promise<StartTwoFactorEnrolmentOutput> =>
    startEnrolment(db, await requireCustomer(request)),
);
