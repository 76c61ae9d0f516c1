import { CALLABLES, type VerifyTwoFactorOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { verifySignIn } from '../services/auth/twoFactor';

/** /2fa: a code verifies this sign-in for 12 hours, recorded on the server. */
export const verifyTwoFactor = onCallable(
  CALLABLES.verifyTwoFactor,
  async (input, caller): Promise<VerifyTwoFactorOutput> => verifySignIn(db, caller, input.code),
);
