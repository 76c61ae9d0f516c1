import { revokeSessionsInput, type RevokeSessionsOutput } from '@rafflewin/domain';
import { requireCustomer } from '../lib/access';
import { validatedOnCall } from '../lib/callable';
import { auth } from '../lib/firebase';
import { revokeAllSessions } from '../services/account/session';

/** Sign out from all devices: revokes every refresh token of the caller. */
export const revokeSessions = validatedOnCall(
  revokeSessionsInput,
  async (_input, request): Promise<RevokeSessionsOutput> => {
    const caller = await requireCustomer(request);
    const revokedAt = await revokeAllSessions(auth, caller.uid);
    return { revokedAt: revokedAt.toISOString() };
  },
);
