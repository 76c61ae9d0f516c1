import type { Firestore } from 'firebase-admin/firestore';
import { twoFactorSecretRef } from '../../lib/collections';
import { checkPassword } from './identityToolkit';
import { hashPassword, passwordMatches } from './passwordHash';

/**
 * Checks an account's password. With two-factor on, Firebase Auth refuses to sign the account
 * in with its password (the blocking `beforeUserSignedIn`), so the server's own hash answers;
 * otherwise Identity Toolkit does.
 */
export async function passwordIsRight(
  db: Firestore,
  user: { uid: string; email?: string },
  password: string,
): Promise<boolean> {
  const stored = (await twoFactorSecretRef(db, user.uid).get()).data();
  if (stored?.secret) {
    return !!stored.passwordHash && (await passwordMatches(stored.passwordHash, password));
  }
  return !!user.email && (await checkPassword(user.email, password)) === user.uid;
}

/** After a password change or reset: the server's hash follows while two-factor is on. */
export async function keepPasswordHash(db: Firestore, uid: string, password: string) {
  const ref = twoFactorSecretRef(db, uid);
  const stored = (await ref.get()).data();
  if (stored?.secret || stored?.pendingSecret) {
    await ref.update({ passwordHash: await hashPassword(password) });
  }
}
