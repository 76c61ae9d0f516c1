import { CALLABLES, PASSWORD_MESSAGES, type MessageOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { changePassword as setNewPassword } from '../services/auth/credentials';

/** Change Password (signed-in customers): current password checked here, then every device signs out. */
export const changePassword = onCallable(
  CALLABLES.changePassword,
  async (input, caller): Promise<MessageOutput> => {
    await setNewPassword(db, auth, caller, input.currentPassword, input.password);
    return { message: PASSWORD_MESSAGES.updated };
  },
);
