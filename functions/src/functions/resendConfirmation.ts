import { CALLABLES, AUTH_MESSAGES, type MessageOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { resendConfirmation as sendConfirmation } from '../services/auth/emailLinks';
import { clientIp } from '../services/auth/requestInfo';

/** A new e-mail confirmation link (guests, or the signed-in owner of the address). */
export const resendConfirmation = onCallable(
  CALLABLES.resendConfirmation,
  async (input, caller, request): Promise<MessageOutput> => {
    await sendConfirmation(db, auth, input.email, caller, clientIp(request));
    return { message: AUTH_MESSAGES.resendSent };
  },
);
