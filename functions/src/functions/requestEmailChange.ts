import {
  EMAIL_CHANGE_MESSAGES,
  requestEmailChangeInput,
  type MessageOutput,
} from '@rafflewin/domain';
import { requireCustomer } from '../lib/access';
import { validatedOnCall } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { requestEmailChange as sendEmailChangeLink } from '../services/auth/credentials';

/** E-mail change (signed-in customers): applies only once the new address is confirmed. */
export const requestEmailChange = validatedOnCall(
  requestEmailChangeInput,
  async (input, request): Promise<MessageOutput> => {
    const caller = await requireCustomer(request);
    await sendEmailChangeLink(db, auth, caller, input.newEmail, input.currentPassword);
    return { message: EMAIL_CHANGE_MESSAGES.sent };
  },
);
