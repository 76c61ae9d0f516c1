import { CALLABLES, type SaveProfileOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { ensureUserDocuments, saveProfile as save } from '../services/account/profile';

/** Profile Settings: the username (unique whatever its case) and the bio. */
export const saveProfile = onCallable(
  CALLABLES.saveProfile,
  async (input, caller): Promise<SaveProfileOutput> => {
    await ensureUserDocuments(db, auth, caller.uid);
    return save(db, caller.uid, input);
  },
);
