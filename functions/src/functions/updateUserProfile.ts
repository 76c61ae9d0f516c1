import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { updateProfileAsAdmin } from '../services/users/updateProfile';

/** Edit User Profile (administrators, audited). */
export const updateUserProfile = onCallable(
  CALLABLES.updateUserProfile,
  async ({ uid, seen, ...edit }, admin) => {
    await updateProfileAsAdmin(db, admin, uid, edit, seen);
    return { uid };
  },
);
