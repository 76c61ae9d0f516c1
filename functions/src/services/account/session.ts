import type { Auth } from 'firebase-admin/auth';

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
