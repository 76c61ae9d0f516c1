import { twoFactorCodeInput, type VerifyTwoFactorOutput } from '@rafflewin/domain';
import { requireFirstFactor } from '../lib/access';
import { validatedOnCall } from '../lib/callable';
import { db } from '../lib/firebase';
import { verifySignIn } from '../services/auth/twoFactor';

/** /2fa: a code verifies this sign-in for 12 hours, recorded on the server. */
export const verifyTwoFactor = validatedOnCall(
  twoFactorCodeInput,
  async (input, request): Promise<VerifyTwoFactorOutput> =>
    verifySignIn(db, await requireFirstFactor(request), input.code),
);
