/**
 * Which verification covers a sign-in, and whether it still does: plain functions, kept apart
 * from the two-factor schemas (and zod) because the shop's shell reads them for its first paint.
 */
import { TWO_FACTOR_VALIDITY_MS } from '../constants';
import type { TwoFactorSessionData } from './twoFactor';

/**
 * The custom claim that names a sign-in's verification: set in the custom token the server
 * answers once both the password and the code are checked (`completeTwoFactorSignIn`,
 * enrolment). Clients cannot set developer claims.
 */
export const TWO_FACTOR_SESSION_CLAIM = 'twoFactorSession';

/**
 * When the shop started the sign-in a custom token carries (seconds): set by the server as it
 * mints the token. An ID token's `auth_time` is when the token was exchanged, which can be
 * after the account's sessions were ended (a token minted before a password change, exchanged
 * after it), so the standing checks take the earlier of the two (`signedInAt`).
 */
export const SIGN_IN_STARTED_CLAIM = 'signInStartedAt';

/** When a sign-in counts as made, for "sessions ended" (seconds; see SIGN_IN_STARTED_CLAIM). */
export function signedInAt(claims: Record<string, unknown>): number {
  const authTime = Number(claims.auth_time ?? 0);
  const started = claims[SIGN_IN_STARTED_CLAIM];
  return typeof started === 'number' && started < authTime ? started : authTime;
}

/**
 * When Firebase Auth last ended an account's sessions (its `tokensValidAfterTime`: a password
 * set, refresh tokens revoked), in seconds as the profile's `sessionsValidAfter` keeps it.
 */
export function authSessionsValidAfter(user: { tokensValidAfterTime?: string }): number {
  return user.tokensValidAfterTime ? Math.floor(Date.parse(user.tokensValidAfterTime) / 1000) : 0;
}

/**
 * Which verification record covers an ID token: the one its custom claim names, else the one
 * for its sign-in time (a code entered on /2fa while already signed in).
 */
export function twoFactorSessionKey(claims: Record<string, unknown>): string {
  const named = claims[TWO_FACTOR_SESSION_CLAIM];
  return typeof named === 'string' && named ? named : String(claims.auth_time ?? 0);
}

/** A verification recorded now for the sign-in at `authTime`. */
export function twoFactorSession(authTime: number, now: Date): TwoFactorSessionData {
  return {
    authTime,
    verifiedAt: now,
    expiresAt: new Date(now.getTime() + TWO_FACTOR_VALIDITY_MS),
  };
}

/** True when a recorded verification (read at the sign-in's key) is still unexpired. */
export function isTwoFactorSessionValid(
  session: TwoFactorSessionData | null | undefined,
  now: Date,
): boolean {
  return !!session && session.expiresAt.getTime() > now.getTime();
}
