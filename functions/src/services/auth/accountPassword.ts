import { AUTH_MESSAGES, ShopError, type TwoFactorSecretData } from '@rafflewin/domain';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { twoFactorSecretRef } from '../../lib/collections';
import { checkPassword, passwordSetAt } from './identityToolkit';
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
 * account's two-factor record answers; otherwise Identity Toolkit does. When Auth has set a
 * password since the hash was taken (its own reset e-mail or account API, past the shop),
 * neither password is taken: the account is told to set a new one with the shop's reset.
 */
export async function passwordIsRight(
  auth: Auth,
  user: { uid: string; email?: string },
  record: TwoFactorRecord,
  password: string,
): Promise<boolean> {
  if (twoFactorOn(record)) {
    if (
      record?.authPasswordSetAt != null &&
      (await passwordSetAt(auth, user.uid)) !== record.authPasswordSetAt
    ) {
      throw new ShopError('permission-denied', AUTH_MESSAGES.passwordChangedOutside);
    }
    return !!record?.passwordHash && (await passwordMatches(record.passwordHash, password));
  }
  return !!user.email && (await checkPassword({ uid: user.uid, email: user.email }, password));
}

/**
 * The password as the two-factor record keeps it, once Auth holds it: its hash, and when Auth
 * set it (so a later change past the shop shows).
 */
export async function keptPassword(
  auth: Auth,
  uid: string,
  password: string,
): Promise<Pick<TwoFactorSecretData, 'passwordHash' | 'authPasswordSetAt'>> {
  const [passwordHash, authPasswordSetAt] = await Promise.all([
    hashPassword(password),
    passwordSetAt(auth, uid),
  ]);
  return { passwordHash, authPasswordSetAt };
}

/** After a password change or reset: the server's hash follows while two-factor is on. */
export async function keepPasswordHash(db: Firestore, auth: Auth, uid: string, password: string) {
  const record = await readTwoFactor(db, uid);
  if (record?.secret || record?.pendingSecret) {
    await twoFactorSecretRef(db, uid).update(await keptPassword(auth, uid, password));
  }
}
