import { z } from 'zod';

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
   * `beforeUserSignedIn` refuses it), so the server checks the password here instead. A
   * password Auth set past the shop since (`passwordSets/{uid}`) is taken for neither.
   */
  passwordHash: z.string().nullable().default(null),
});
export type TwoFactorSecretData = z.infer<typeof twoFactorSecretSchema>;

export const twoFactorSessionSchema = z.object({
  authTime: z.number().int(),
  verifiedAt: z.date(),
  expiresAt: z.date(),
});
export type TwoFactorSessionData = z.infer<typeof twoFactorSessionSchema>;

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
  /** The sign-in device record (its id) the password came from, renewed with the code. */
  signInDevice: z.string().nullable().default(null),
});
export type TwoFactorChallengeData = z.infer<typeof twoFactorChallengeSchema>;
