import { z } from 'zod';

/**
 * Sign-in devices: a browser that completed a sign-in to an account keeps a token for it, and
 * a password it sends later is counted in its own window, not the account's. Anyone who knows a
 * username (or an address) can fill the account's window with wrong passwords; they cannot
 * fill this one, so the owner still signs in from a browser they have used before.
 */
export const SIGN_IN_DEVICES = {
  /** A device not used to sign in for this long is forgotten. */
  keptMs: 180 * 24 * 60 * 60 * 1000,
  /** Tokens a browser keeps and sends (one per account, the latest first). */
  perBrowser: 5,
  /** The longest a token can be: an account id, a dot and 43 characters of base64url. */
  tokenMax: 200,
} as const;

/** `users/{uid}/signInDevices/{sha256(token)}`. The token itself is never stored. */
export const signInDeviceSchema = z.object({
  lastSignInAt: z.date(),
  /** For a TTL policy in production: a device not used for `keptMs` is deleted. */
  expiresAt: z.date(),
});
export type SignInDeviceData = z.infer<typeof signInDeviceSchema>;

/** The account a sign-in device token names (`{uid}.{secret}`), or null if it is not one. */
export function signInDeviceAccount(token: string): string | null {
  const match = /^(.{1,128})\.[A-Za-z0-9_-]{43}$/s.exec(token);
  return match ? match[1]! : null;
}
