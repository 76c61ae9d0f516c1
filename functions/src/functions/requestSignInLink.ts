import { CALLABLES, AUTH_MESSAGES, type MessageOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { requestSignInLink as sendSignInLink } from '../services/auth/emailLinks';
import { clientIp } from '../services/auth/requestInfo';

/** A one-time sign-in link by e-mail (guests): the same answer whatever the address. */
export const requestSignInLink = onCallable(
  CALLABLES.requestSignInLink,
  async (input, caller, request): Promise<MessageOutput> => {
    await sendSignInLink(db, auth, input.email, input.redirect, clientIp(request));
    return { message: AUTH_MESSAGES.magicLinkSent };
  },
);
