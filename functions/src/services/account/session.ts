import { ACCOUNT_MESSAGES } from '@rafflewin/domain';
import type { Auth } from 'firebase-admin/auth';
import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import { requireCustomer, type Caller } from '../../lib/access';

/**
 * A signed-in customer (see requireCustomer) whose session has not been revoked. An ID token
 * stays valid for up to an hour after "Sign out from all devices", and a refresh token the
 * revocation missed (the Auth emulator does not check) would mint new ones: the token's
 * sign-in time (`auth_time`) must not be older than the account's revocation time.
 */
export async function requireCurrentSession(auth: Auth, request: CallableRequest): Promise<Caller> {
  const caller = await requireCustomer(request);
  const signedInAt = Number(request.auth?.token.auth_time ?? 0) * 1000;
  const user = await auth.getUser(caller.uid).catch(() => null);
  if (!user || user.disabled) {
    throw new HttpsError('unauthenticated', ACCOUNT_MESSAGES.sessionRevoked);
  }
  const validAfter = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : 0;
  if (signedInAt < validAfter) {
    throw new HttpsError('unauthenticated', ACCOUNT_MESSAGES.sessionRevoked);
  }
  return caller;
}

/**
 * Signs a user out everywhere: their refresh tokens stop working, so no device gets a new ID
 * token, and our callables refuse ID tokens from sign-ins before now. Returns when it took
 * effect (Auth keeps it to the second).
 */
export async function revokeAllSessions(auth: Auth, uid: string): Promise<Date> {
  await auth.revokeRefreshTokens(uid);
  const user = await auth.getUser(uid);
  return user.tokensValidAfterTime ? new Date(user.tokensValidAfterTime) : new Date();
}
