import { CALLABLES, type SetUserAdminOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { setAdminRight } from '../services/users/setAdmin';

/** Grants or removes administrator rights (administrators, audited). */
export const setUserAdmin = onCallable(
  CALLABLES.setUserAdmin,
  async ({ uid, admin: makeAdmin }, admin): Promise<SetUserAdminOutput> => {
    await setAdminRight(db, auth, admin, uid, makeAdmin);
    return { uid, isAdmin: makeAdmin };
  },
);
