import { AUTH_MESSAGES, requestSignInLinkInput, type MessageOutput } from '@rafflewin/domain';
import { validatedOnCall } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { requestSignInLink as sendSignInLink } from '../services/auth/emailLinks';
import { clientIp } from '../services/auth/requestInfo';

/** A one-time sign-in link by e-mail (guests): the same answer whatever the address. */
export const requestSignInLink = validatedOnCall(
  requestSignInLinkInput,
  async (input, request): Promise<MessageOutput> => {
    await sendSignInLink(db, auth, input.email, input.redirect, clientIp(request));
    return { message: AUTH_MESSAGES.magicLinkSent };
  },
);
