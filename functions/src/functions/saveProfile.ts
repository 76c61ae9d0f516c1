import { saveProfileInput, type SaveProfileOutput } from '@rafflewin/domain';
import { validatedOnCall } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { ensureUserDocuments, saveProfile as save } from '../services/account/profile';
import { requireCurrentSession } from '../services/account/session';

/** Profile Settings: the username (unique whatever its case) and the bio. */
export const saveProfile = validatedOnCall(
  saveProfileInput,
  async (input, request): Promise<SaveProfileOutput> => {
    const caller = await requireCurrentSession(auth, request);
    await ensureUserDocuments(db, auth, caller.uid);
    return save(db, caller.uid, input);
  },
);
