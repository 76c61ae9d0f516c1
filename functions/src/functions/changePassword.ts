import { PASSWORD_MESSAGES, changePasswordInput, type MessageOutput } from '@rafflewin/domain';
import { requireCustomer } from '../lib/access';
import { validatedOnCall } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { changePassword as setNewPassword } from '../services/auth/credentials';

/** Change Password (signed-in customers): current password checked here, then every device signs out. */
export const changePassword = validatedOnCall(
  changePasswordInput,
  async (input, request): Promise<MessageOutput> => {
    const caller = await requireCustomer(request);
    await setNewPassword(db, auth, caller, input.currentPassword, input.password);
    return { message: PASSWORD_MESSAGES.updated };
  },
);
