import { CALLABLES, PASSWORD_MESSAGES, type MessageOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { requestPasswordReset as sendResetLink } from '../services/auth/emailLinks';
import { clientIp } from '../services/auth/requestInfo';

/** "Forgot password?" (guests): the same answer whether or not the address has an account. */
export const requestPasswordReset = onCallable(
  CALLABLES.requestPasswordReset,
  async (input, caller, request): Promise<MessageOutput> => {
    await sendResetLink(db, auth, input.email, clientIp(request));
    return { message: PASSWORD_MESSAGES.resetSent };
  },
);
