import { SIGN_IN_DEVICES, signInDeviceAccount } from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { randomBytes } from 'node:crypto';
import { signInDevicesRef } from '../../lib/collections';
import { sha256Hex } from '../../lib/hash';

/**
 * Of the tokens a browser sent, the one that is a live sign-in device of `uid` (its record's
 * id, the token's SHA-256), or null. Tokens naming another account are not looked up.
 */
export async function knownSignInDevice(
  db: Firestore,
  uid: string,
  tokens: readonly string[] | undefined,
  now = new Date(),
): Promise<string | null> {
  const token = tokens?.find((candidate) => signInDeviceAccount(candidate) === uid);
  if (!token) return null;
  const id = sha256Hex(token);
  const record = (await signInDevicesRef(db, uid).doc(id).get()).data();
  return record && record.expiresAt.getTime() > now.getTime() ? id : null;
}

/** The rate-limit key of a known device's passwords (kept apart from the account's). */
export const signInDeviceLimitKey = (deviceId: string) => `signin-device:${deviceId}`;

/**
 * A completed sign-in: the browser gets a token to send next time. A known device's record is
 * renewed and given a new token (the old one stops working), so one browser keeps one record.
 */
export async function rememberSignInDevice(
  db: Firestore,
  uid: string,
  knownId: string | null,
  now = new Date(),
): Promise<string> {
  const token = `${uid}.${randomBytes(32).toString('base64url')}`;
  const devices = signInDevicesRef(db, uid);
  const expiresAt = new Date(now.getTime() + SIGN_IN_DEVICES.keptMs);
  const id = sha256Hex(token);
  const batch = db.batch();
  if (knownId) batch.delete(devices.doc(knownId));
  batch.set(devices.doc(id), { id, lastSignInAt: now, expiresAt });
  await batch.commit();
  return token;
}
