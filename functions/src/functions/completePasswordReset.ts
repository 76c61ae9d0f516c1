import { CALLABLES, PASSWORD_MESSAGES, type MessageOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import {
  limitActionCodes,
  completePasswordReset as setPasswordFromLink,
} from '../services/auth/credentials';
import { clientIp } from '../services/auth/requestInfo';

/** /new-password (anyone holding a reset link): the password rules are checked here. */
export const completePasswordReset = onCallable(
  CALLABLES.completePasswordReset,
  async (input, _caller, request): Promise<MessageOutput> => {
    await limitActionCodes(db, clientIp(request));
    await setPasswordFromLink(db, auth, input.oobCode, input.password);
    return { message: PASSWORD_MESSAGES.updated };
  },
);
