import type { TwoFactorSecretData } from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { twoFactorSecretRef } from '../../lib/collections';
import { checkPassword } from './identityToolkit';
import { hashPassword, passwordMatches } from './passwordHash';

/** An account's two-factor record (`twoFactorSecrets/{uid}`), if it has one. */
export type TwoFactorRecord = TwoFactorSecretData | undefined;

export async function readTwoFactor(db: Firestore, uid: string): Promise<TwoFactorRecord> {
  return (await twoFactorSecretRef(db, uid).get()).data();
}

/** True when two-factor is on: Firebase Auth then never signs the account in by password. */
export const twoFactorOn = (record: TwoFactorRecord): boolean => Boolean(record?.secret);

/** True when the account has two-factor on (one read of its record). */
export async function hasTwoFactor(db: Firestore, uid: string): Promise<boolean> {
  return twoFactorOn(await readTwoFactor(db, uid));
}

/**
 * Checks an account's password. With two-factor on, Firebase Auth refuses to sign the account
 * in with its password (the blocking `beforeUserSignedIn`), so the server's own hash in the
 * account's two-factor record answers; otherwise Identity Toolkit does.
 */
export async function passwordIsRight(
  user: { uid: string; email?: string },
  record: TwoFactorRecord,
  password: string,
): Promise<boolean> {
  if (twoFactorOn(record)) {
    return !!record?.passwordHash && (await passwordMatches(record.passwordHash, password));
  }
  return !!user.email && (await checkPassword(user.email, password)) === user.uid;
}

/** After a password change or reset: the server's hash follows while two-factor is on. */
export async function keepPasswordHash(db: Firestore, uid: string, password: string) {
  const record = await readTwoFactor(db, uid);
  if (record?.secret || record?.pendingSecret) {
    await twoFactorSecretRef(db, uid).update({ passwordHash: await hashPassword(password) });
  }
}
