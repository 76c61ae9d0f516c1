import { AUTH_MESSAGES, ShopError, type TwoFactorSecretData } from '@rafflewin/domain';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { passwordSetRef, twoFactorSecretRef } from '../../lib/collections';
import { isAlreadyExists } from '../../lib/firestore';
import { endSessions } from '../account/session';
import { notifyUser } from '../notifications/notify';
import { checkPassword, passwordSetAt } from './identityToolkit';
import { authMails } from './mails';
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
 * True when Firebase Auth set the account's password past the shop: with a session alone
 * through its account API (no current password, none of the shop's rules), or through its own
 * reset e-mail. The first time it is seen, every session ends (the one that set it included)
 * and the owner is told, in the app and by e-mail. An account the shop has no time for yet
 * (made before it kept one) starts from Auth's.
 */
export async function passwordSetOutside(
  db: Firestore,
  auth: Auth,
  { uid, email }: { uid: string; email?: string },
  now = new Date(),
): Promise<boolean> {
  const ref = passwordSetRef(db, uid);
  const [kept, setAt] = await Promise.all([
    ref.get().then((s) => s.data()),
    passwordSetAt(auth, uid),
  ]);
  if (!kept) {
    await ref
      .create({ id: uid, authPasswordSetAt: setAt, outsideSetAt: null })
      .catch((error: unknown) => {
        // Another sign-in of the account recorded it a moment ago.
        if (!isAlreadyExists(error)) throw error;
      });
    return false;
  }
  if (kept.authPasswordSetAt === setAt) return false;
  if (kept.outsideSetAt !== setAt) {
    await endSessions(db, auth, uid);
    const mail = authMails.passwordChangedOutside(email ?? '', now);
    await notifyUser(
      db,
      uid,
      {
        type: 'account',
        kind: 'account',
        title: 'Password changed outside RaffleWin',
        message: AUTH_MESSAGES.passwordChangedOutside,
      },
      {
        id: `password-outside-${setAt}`,
        email: { subject: mail.subject, text: mail.text, always: true },
      },
      now,
    );
    await ref.update({ outsideSetAt: setAt });
  }
  return true;
}

/**
 * Checks an account's password. With two-factor on, Firebase Auth refuses to sign the account
 * in with its password (the blocking `beforeUserSignedIn`), so the server's own hash in the
 * account's two-factor record answers; otherwise Identity Toolkit does.
 *
 * A password Firebase Auth set past the shop is taken for neither the old password nor the new
 * (`passwordSetOutside`, which also tells the owner, in the app and by e-mail). Whoever types a
 * password the account holds (Auth's, or the shop's hash with two-factor on) is told to set a
 * new one with the shop's reset; anyone else gets a wrong password's answer and learns neither
 * that the account exists nor what happened to it, as with an address changed outside.
 */
export async function passwordIsRight(
  db: Firestore,
  auth: Auth,
  user: { uid: string; email?: string },
  record: TwoFactorRecord,
  password: string,
): Promise<boolean> {
  const setOutside = await passwordSetOutside(db, auth, user);
  const matchesShopsHash = async () =>
    !!record?.passwordHash && (await passwordMatches(record.passwordHash, password));
  const matchesAuths = async () =>
    !!user.email && (await checkPassword({ uid: user.uid, email: user.email }, password));
  if (!setOutside) return twoFactorOn(record) ? matchesShopsHash() : matchesAuths();
  if ((twoFactorOn(record) && (await matchesShopsHash())) || (await matchesAuths())) {
    throw new ShopError('permission-denied', AUTH_MESSAGES.passwordChangedOutside);
  }
  return false;
}

/**
 * After the shop set a password (sign-up, change, reset): Auth's time for it is kept, so only a
 * later one counts as set past the shop, and while two-factor is on (or being turned on) the
 * server's hash follows.
 */
export async function keepPassword(
  db: Firestore,
  auth: Auth,
  uid: string,
  password: string,
): Promise<void> {
  await passwordSetRef(db, uid).set({
    id: uid,
    authPasswordSetAt: await passwordSetAt(auth, uid),
    outsideSetAt: null,
  });
  const record = await readTwoFactor(db, uid);
  if (record?.secret || record?.pendingSecret) {
    await twoFactorSecretRef(db, uid).update({ passwordHash: await hashPassword(password) });
  }
}
