import { updatePersonalDetailsInput } from '@rafflewin/domain';
import { validatedOnCall } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { ensureUserDocuments, updatePersonalDetails as update } from '../services/account/profile';
import { requireCurrentSession } from '../services/account/session';

/** Update Profile and the settings page's profile card: names, phone, date of birth (18+), bio. */
export const updatePersonalDetails = validatedOnCall(
  updatePersonalDetailsInput,
  async (input, request): Promise<{ updated: true }> => {
    const caller = await requireCurrentSession(auth, request);
    await ensureUserDocuments(db, auth, caller.uid);
    await update(db, caller.uid, input);
    return { updated: true };
  },
);
