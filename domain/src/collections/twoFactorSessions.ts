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
