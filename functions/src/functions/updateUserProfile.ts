import { updateUserProfileInput } from '@rafflewin/domain';
import { adminOnCall } from '../lib/callable';
import { db } from '../lib/firebase';
import { updateProfileAsAdmin } from '../services/users/updateProfile';

/** Edit User Profile (administrators, audited). */
export const updateUserProfile = adminOnCall(
  updateUserProfileInput,
  async ({ uid, ...edit }, admin) => {
    await updateProfileAsAdmin(db, admin, uid, edit);
    return { uid };
  },
);
