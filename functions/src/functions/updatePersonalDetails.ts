import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { ensureUserDocuments, updatePersonalDetails as update } from '../services/account/profile';

/** Update Profile and the settings page's profile card: names, phone, date of birth (18+), bio. */
export const updatePersonalDetails = onCallable(
  CALLABLES.updatePersonalDetails,
  async (input, caller): Promise<{ updated: true }> => {
    await ensureUserDocuments(db, auth, caller.uid);
    await update(db, caller.uid, input);
    return { updated: true };
  },
);
