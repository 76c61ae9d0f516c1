import { CALLABLES, type SetUserStaffOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { setStaffMark } from '../services/users/setStaff';

/** Marks an account as staff, or takes the mark away (administrators, audited). */
export const setUserStaff = onCallable(
  CALLABLES.setUserStaff,
  async ({ uid, staff }, admin): Promise<SetUserStaffOutput> => {
    await setStaffMark(db, auth, admin, uid, staff);
    return { uid, isStaff: staff };
  },
);
