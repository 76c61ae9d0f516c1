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
});
export type TwoFactorSecretData = z.infer<typeof twoFactorSecretSchema>;

/**
 * `users/{uid}/twoFactorSessions/{authTime}`: one sign-in (the ID token's `auth_time`, in
 * seconds) verified with a code. The owner reads it (the route guard); functions write it;
 * `requireCustomer` accepts the sign-in while it is unexpired.
 */
export const twoFactorSessionsPath = (uid: string) => `${userPath(uid)}/twoFactorSessions`;
export const twoFactorSessionPath = (uid: string, authTime: number) =>
  `${twoFactorSessionsPath(uid)}/${authTime}`;

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

/** True when a recorded verification still covers the sign-in at `authTime`. */
export function isTwoFactorSessionValid(
  session: TwoFactorSessionData | null | undefined,
  authTime: number,
  now: Date,
): boolean {
  return !!session && session.authTime === authTime && session.expiresAt.getTime() > now.getTime();
}
