import { CALLABLES, AUTH_MESSAGES, type SignUpOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { clientIp } from '../services/auth/requestInfo';
import { signUp as createAccount } from '../services/auth/signUp';

/** Sign-up (guests): validated with the form's schema, the account created on the server. */
export const signUp = onCallable(
  CALLABLES.signUp,
  async (input, caller, request): Promise<SignUpOutput> => {
    await createAccount(db, auth, input, clientIp(request));
    return { message: AUTH_MESSAGES.signUpSucceeded };
  },
);
