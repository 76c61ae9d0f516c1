import { CALLABLES, type SetUserBannedOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { setBan } from '../services/users/setBanned';

/** Bans with a reason, or unbans (administrators, audited). */
export const setUserBanned = onCallable(
  CALLABLES.setUserBanned,
  async ({ uid, banned, reason }, admin): Promise<SetUserBannedOutput> => {
    await setBan(db, auth, admin, uid, { banned, reason });
    return { uid, banned };
  },
);
