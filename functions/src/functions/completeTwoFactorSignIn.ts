import { CALLABLES, type CompleteTwoFactorSignInOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { completeChallenge } from '../services/auth/twoFactor';

/** /2fa after a right password: the code gives the sign-in its only token. */
export const completeTwoFactorSignIn = onCallable(
  CALLABLES.completeTwoFactorSignIn,
  async (input): Promise<CompleteTwoFactorSignInOutput> =>
    completeChallenge(db, auth, input.challenge, input.code),
);
