import { setUserBannedInput, type SetUserBannedOutput } from '@rafflewin/domain';
import { adminOnCall } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { setBan } from '../services/users/setBanned';

/** Bans with a reason, or unbans (administrators, audited). */
export const setUserBanned = adminOnCall(
  setUserBannedInput,
  async ({ uid, banned, reason }, admin): Promise<SetUserBannedOutput> => {
    await setBan(db, auth, admin, uid, { banned, reason });
    return { uid, banned };
  },
);
