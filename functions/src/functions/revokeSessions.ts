import { CALLABLES, type RevokeSessionsOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { auth } from '../lib/firebase';
import { revokeAllSessions } from '../services/account/session';

/** Sign out from all devices: revokes every refresh token of the caller. */
export const revokeSessions = onCallable(
  CALLABLES.revokeSessions,
  async (_input, caller): Promise<RevokeSessionsOutput> => {
    const revokedAt = await revokeAllSessions(auth, caller.uid);
    return { revokedAt: revokedAt.toISOString() };
  },
);
