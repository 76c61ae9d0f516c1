import { CALLABLES, type SignInWithUsernameOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { clientIp } from '../services/auth/requestInfo';
import { signInWithUsername as checkUsernameSignIn } from '../services/auth/usernameSignIn';

/** Sign-in with a username (guests): a custom token, never an e-mail address. */
export const signInWithUsername = onCallable(
  CALLABLES.signInWithUsername,
  async (input, caller, request): Promise<SignInWithUsernameOutput> => ({
    customToken: await checkUsernameSignIn(
      db,
      auth,
      input.username,
      input.password,
      clientIp(request),
    ),
  }),
);
