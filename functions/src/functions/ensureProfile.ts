import { ensureProfileInput, type EnsureProfileOutput } from '@rafflewin/domain';
import { requireCustomer } from '../lib/access';
import { validatedOnCall } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { ensureUserDocuments } from '../services/account/profile';

/** Creates the caller's profile and settings when they are missing (accounts §2). */
export const ensureProfile = validatedOnCall(
  ensureProfileInput,
  async (_input, request): Promise<EnsureProfileOutput> => {
    const caller = await requireCustomer(request);
    return { created: await ensureUserDocuments(db, auth, caller.uid) };
  },
);
