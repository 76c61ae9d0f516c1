import { z } from 'zod';
import { TWO_FACTOR_VALIDITY_MS } from '../constants';
import { userPath } from './users';

/**
 * `twoFactorSecrets/{uid}`: the TOTP secret (and a pending one during enrolment). Functions
 * only: after enrolment the secret never reaches a client again.
 */
export const twoFactorSecretsCollection = 'twoFactorSecrets';

export const twoFactorSecretSchema = z.object({
  /** The confirmed secret; null until enrolment is confirmed. */
  secret: z.string().nullable(),
  /** A secret shown during enrolment, waiting for its first code. */
  pendingSecret: z.string().nullable(),
  pendingCreatedAt: z.date().nullable(),
  enabledAt: z.date().nullable(),
  /** The last accepted time step: a code is never accepted twice (replay). */
  lastUsedStep: z.number().int(),
  /** SHA-256 (hex) of each unused one-time recovery code; a used code is removed. */
  recoveryCodes: z.array(z.string().regex(/^[0-9a-f]{64}$/)).default([]),
  /**
   * The account's password as a salted scrypt hash, kept while two-factor is on: such an
   * account never signs in with its password at Firebase Auth (the blocking
   * `beforeUserSignedIn` refuses it), so the server checks the password here instead.
   */
  passwordHash: z.string().nullable().default(null),
});
export type TwoFactorSecretData = z.infer<typeof twoFactorSecretSchema>;

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

/**
 * `users/{uid}/twoFactorSessions/{key}`: one sign-in verified with a code, keyed by
 * `twoFactorSessionKey` (the token's `auth_time` or its session claim). The owner reads it
 * (the route guard); functions write it; the rules and `requireCustomer` accept the sign-in
 * while it is unexpired.
 */
export const twoFactorSessionsPath = (uid: string) => `${userPath(uid)}/twoFactorSessions`;
export const twoFactorSessionPath = (uid: string, key: number | string) =>
  `${twoFactorSessionsPath(uid)}/${key}`;

export const twoFactorSessionSchema = z.object({
  authTime: z.number().int(),
  verifiedAt: z.date(),
  expiresAt: z.date(),
});
export type TwoFactorSessionData = z.infer<typeof twoFactorSessionSchema>;

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

/**
 * `twoFactorChallenges/{id}`: a password that was right for an account with two-factor on,
 * waiting (ten minutes) for its code. The id is the only thing the browser holds; no token is
 * issued until the code is checked. Functions only.
 */
export const twoFactorChallengesCollection = 'twoFactorChallenges';
export const TWO_FACTOR_CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** Wrong codes a challenge takes before it is dropped (sign in again). */
export const TWO_FACTOR_CHALLENGE_ATTEMPTS = 5;

export const twoFactorChallengeSchema = z.object({
  uid: z.string(),
  createdAt: z.date(),
  expiresAt: z.date(),
  attempts: z.number().int(),
});
export type TwoFactorChallengeData = z.infer<typeof twoFactorChallengeSchema>;
