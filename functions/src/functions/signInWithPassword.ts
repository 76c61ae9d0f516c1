import { CALLABLES, type PasswordSignInOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { signInWithPassword as checkSignIn } from '../services/auth/passwordSignIn';
import { clientIp } from '../services/auth/requestInfo';

/**
 * Sign-in with an e-mail address checked on the server: what the sign-in page uses for an
 * account Firebase Auth will not sign in by password alone (two-factor on).
 */
export const signInWithPassword = onCallable(
  CALLABLES.signInWithPassword,
  async (input, _caller, request): Promise<PasswordSignInOutput> =>
    checkSignIn(db, auth, { email: input.email }, input.password, clientIp(request), input.devices),
);
