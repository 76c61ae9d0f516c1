import { CALLABLES, type RevokeSessionsOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { endSessions } from '../services/account/session';

/** Sign out from all devices: revokes every refresh token of the caller. */
export const revokeSessions = onCallable(
  CALLABLES.revokeSessions,
  async (_input, caller): Promise<RevokeSessionsOutput> => {
    const revokedAt = await endSessions(db, auth, caller.uid);
    return { revokedAt: revokedAt.toISOString() };
  },
);
