import { CALLABLES, type EnsureProfileOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { ensureUserDocuments } from '../services/account/profile';

/** Creates the caller's profile and settings when they are missing. */
export const ensureProfile = onCallable(
  CALLABLES.ensureProfile,
  async (_input, caller): Promise<EnsureProfileOutput> => {
    return { created: await ensureUserDocuments(db, auth, caller.uid) };
  },
);
