import { AUTH_MESSAGES, resendConfirmationInput, type MessageOutput } from '@rafflewin/domain';
import { callerOf } from '../lib/access';
import { validatedOnCall } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { resendConfirmation as sendConfirmation } from '../services/auth/emailLinks';
import { clientIp } from '../services/auth/requestInfo';

/** A new e-mail confirmation link (guests, or the signed-in owner of the address). */
export const resendConfirmation = validatedOnCall(
  resendConfirmationInput,
  async (input, request): Promise<MessageOutput> => {
    await sendConfirmation(db, auth, input.email, callerOf(request), clientIp(request));
    return { message: AUTH_MESSAGES.resendSent };
  },
);
