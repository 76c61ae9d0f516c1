import { CALLABLES, PASSWORD_MESSAGES, type MessageOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { completePasswordReset as setPasswordFromLink } from '../services/auth/credentials';

/** /new-password (anyone holding a reset link): the password rules are checked here. */
export const completePasswordReset = onCallable(
  CALLABLES.completePasswordReset,
  async (input): Promise<MessageOutput> => {
    await setPasswordFromLink(db, auth, input.oobCode, input.password);
    return { message: PASSWORD_MESSAGES.updated };
  },
);
