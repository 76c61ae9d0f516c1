import { CALLABLES, EMAIL_CHANGE_MESSAGES, type MessageOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { requestEmailChange as sendEmailChangeLink } from '../services/auth/credentials';

/** E-mail change (signed-in customers): applies only once the new address is confirmed. */
export const requestEmailChange = onCallable(
  CALLABLES.requestEmailChange,
  async (input, caller): Promise<MessageOutput> => {
    await sendEmailChangeLink(db, auth, caller, input.newEmail, input.currentPassword);
    return { message: EMAIL_CHANGE_MESSAGES.sent };
  },
);
