import { CALLABLES, type SignInWithUsernameOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { signInWithPassword } from '../services/auth/passwordSignIn';
import { clientIp } from '../services/auth/requestInfo';

/** Sign-in with a username (guests): a custom token or a 2FA challenge, never an address. */
export const signInWithUsername = onCallable(
  CALLABLES.signInWithUsername,
  async (input, _caller, request): Promise<SignInWithUsernameOutput> =>
    signInWithPassword(
      db,
      auth,
      { username: input.username },
      input.password,
      clientIp(request),
      input.devices,
    ),
);
