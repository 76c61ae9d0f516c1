import {
  ShopError,
  EMAIL_CHANGE_MESSAGES,
  PASSWORD_MESSAGES,
  RATE_LIMITS,
  carriedBreakToShow,
  emailChangesCollection,
  mailCollection,
  protectionPath,
  userPath,
  withCarriedControls,
} from '@rafflewin/domain';
import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Caller } from '../../lib/access';
import { sha256Hex } from '../../lib/hash';
import { endSessions } from '../account/session';
import { protectionFrom, readProtection } from '../protection/protection';
import { carriedControls, carryControlsPastDeletion } from '../protection/selfExclusion';
import { addNotification, notifyUser } from '../notifications/notify';
import { enforceRateLimit } from '../rateLimit';
import { addressIsTheShops, userByEmail, userByUid } from './accounts';
import { keepPassword, passwordIsRight, readTwoFactor } from './accountPassword';
import { applyActionCode, checkActionCode, resetPasswordWithCode } from './identityToolkit';
import { actionCodeSettings, appLink, LINK_PAGES } from './links';
import { authMails, sendMail } from './mails';

/**
 * Re-authenticates on the server: the caller's current password, checked with Identity
 * Toolkit, a few attempts per account at a time. Answers the account.
 */
async function reauthenticate(
  db: Firestore,
  auth: Auth,
  caller: Caller,
  currentPassword: string,
  now: Date,
): Promise<UserRecord & { email: string }> {
  await enforceRateLimit(db, `password-check:${caller.uid}`, RATE_LIMITS.passwordCheck, now);
  const user = await userByUid(auth, caller.uid);
  if (!user?.email) throw new ShopError('failed-precondition', PASSWORD_MESSAGES.updateFailed);
  if (
    !(await passwordIsRight(db, auth, user, await readTwoFactor(db, user.uid), currentPassword))
  ) {
    throw new ShopError('permission-denied', PASSWORD_MESSAGES.currentWrong);
  }
  return user as UserRecord & { email: string };
}

/** Tells the customer in the app and by e-mail (always) that their password changed. */
function passwordChangedAlert(db: Firestore, uid: string, email: string, now: Date) {
  const mail = authMails.passwordChanged(email, now);
  return notifyUser(
    db,
    uid,
    {
      type: 'account',
      kind: 'account',
      title: 'Password changed',
      message: 'Your password was changed and every device was signed out.',
    },
    { email: { subject: mail.subject, text: mail.text, always: true } },
    now,
  );
}

/**
 * Changes a signed-in customer's password after checking the current one, then signs the
 * account out on every device (the page signs this browser out too).
 */
export async function changePassword(
  db: Firestore,
  auth: Auth,
  caller: Caller,
  currentPassword: string,
  password: string,
  now = new Date(),
): Promise<void> {
  const user = await reauthenticate(db, auth, caller, currentPassword, now);
  await auth.updateUser(user.uid, { password });
  await keepPassword(db, auth, user.uid, password);
  await endSessions(db, auth, user.uid);
  await passwordChangedAlert(db, user.uid, user.email, now);
}

/**
 * Counts a guest's use of an e-mailed link's code (a reset, an e-mail change) against its
 * network's window, one for both (`RATE_LIMITS.actionCodesPerIp`): each asks Identity Toolkit
 * about the code, from the functions' own address.
 */
export function limitActionCodes(db: Firestore, ip: string, now = new Date()): Promise<void> {
  return enforceRateLimit(db, `action-code-ip:${ip}`, RATE_LIMITS.actionCodesPerIp, now);
}

/**
 * Sets a new password with a reset link's code. The password rules were checked by the
 * callable's schema, here on the server; every device is signed out afterwards.
 */
export async function completePasswordReset(
  db: Firestore,
  auth: Auth,
  oobCode: string,
  password: string,
  now = new Date(),
): Promise<void> {
  const invalid = () => new ShopError('invalid-argument', PASSWORD_MESSAGES.resetLinkInvalid);
  const info = await checkActionCode(oobCode);
  if (info?.requestType !== 'PASSWORD_RESET' || !info.email) throw invalid();
  const user = await userByEmail(auth, info.email);
  if (!user || user.disabled) throw invalid();
  // A reset code Firebase Auth sent to an address the shop never confirmed (changed past it).
  if (!(await addressIsTheShops(db, user.uid, user.email))) throw invalid();
  if (!(await resetPasswordWithCode(oobCode, password))) throw invalid();
  await keepPassword(db, auth, user.uid, password);
  await endSessions(db, auth, user.uid);
  await passwordChangedAlert(db, user.uid, info.email, now);
}

/**
 * Starts an e-mail change after checking the current password: a confirmation link goes to
 * the new address (nothing changes until it is opened) and a note to the current one. An
 * address that belongs to another account gets a note instead, and the caller the same
 * answer, so this cannot be used to find out who has an account.
 */
export async function requestEmailChange(
  db: Firestore,
  auth: Auth,
  caller: Caller,
  newEmail: string,
  currentPassword: string,
  now = new Date(),
): Promise<void> {
  const current = await userByUid(auth, caller.uid);
  if (current?.email === newEmail) {
    throw new ShopError('invalid-argument', EMAIL_CHANGE_MESSAGES.sameAddress);
  }
  const user = await reauthenticate(db, auth, caller, currentPassword, now);
  await enforceRateLimit(db, `email-change:${caller.uid}`, RATE_LIMITS.emailChange, now);
  if (await userByEmail(auth, newEmail)) {
    await sendMail(db, authMails.emailInUse(newEmail, now));
    return;
  }
  const link = await auth.generateVerifyAndChangeEmailLink(
    user.email,
    newEmail,
    actionCodeSettings(),
  );
  // The one change confirmEmailChange will apply (a later request replaces it).
  await db
    .collection(emailChangesCollection)
    .doc(user.uid)
    .set({ codeHash: sha256Hex(new URL(link).searchParams.get('oobCode') ?? ''), newEmail });
  await sendMail(
    db,
    authMails.changeEmail(newEmail, appLink(link, LINK_PAGES.verifyAndChangeEmail), now),
  );
  await sendMail(db, authMails.emailChangeRequested(user.email, now));
}

/**
 * Applies an e-mail change link: Auth takes the new address, the profile's copy follows at
 * once, the old address is told, and every device signs in again with the new one.
 * Answers the new address.
 */
export async function confirmEmailChange(
  db: Firestore,
  auth: Auth,
  oobCode: string,
  now = new Date(),
): Promise<string> {
  const invalid = () => new ShopError('invalid-argument', EMAIL_CHANGE_MESSAGES.linkInvalid);
  const info = await checkActionCode(oobCode);
  if (info?.requestType !== 'VERIFY_AND_CHANGE_EMAIL' || !info.email || !info.newEmail) {
    throw invalid();
  }
  const user = await userByEmail(auth, info.email);
  if (!user || user.disabled) throw invalid();
  // Only a change the shop asked for, after the password (requestEmailChange): a code asked of
  // Firebase Auth's API straight, with a session alone, is refused.
  const requested = db.collection(emailChangesCollection).doc(user.uid);
  const request = (await requested.get()).data();
  if (request?.codeHash !== sha256Hex(oobCode)) throw invalid();
  if (!(await applyActionCode(oobCode))) throw invalid();
  const newEmail = info.newEmail.toLowerCase();
  // The profile's copy follows at once: until it does, every sign-in is refused as an address
  // changed past the shop (beforeUserSignedIn), and the used link cannot be opened again, so a
  // failure in the steps below must not leave the two apart.
  await db.doc(userPath(user.uid)).update({ email: newEmail, updatedAt: now });
  // A play break, the spending limit and this month's spending kept from a deleted account go
  // with the account to its new address (its own, or those kept at the old address): changing
  // the address lifts nothing.
  const [own, fromOld, atNew] = await Promise.all([
    readProtection(db, user.uid),
    carriedControls(db, info.email),
    carriedControls(db, newEmail),
  ]);
  const protection = withCarriedControls(own, fromOld, now);
  await carryControlsPastDeletion(db, protection, [newEmail], now, undefined, fromOld?.monthSpend);
  // A break the new address carries is shown on the account's own controls, as at sign-up.
  const protectionRef = db.doc(protectionPath(user.uid));
  await db.runTransaction(async (tx) => {
    const shown = carriedBreakToShow(protectionFrom(await tx.get(protectionRef)), atNew, now);
    if (shown) tx.set(protectionRef, { ...shown, updatedAt: now });
  });
  const batch = db.batch();
  batch.delete(requested);
  addNotification(
    db,
    batch,
    user.uid,
    {
      type: 'account',
      kind: 'account',
      title: 'E-mail address changed',
      message: `Your account's e-mail address is now ${newEmail}.`,
    },
    now,
  );
  batch.set(db.collection(mailCollection).doc(), authMails.emailChanged(info.email, newEmail, now));
  await batch.commit();
  await endSessions(db, auth, user.uid);
  return newEmail;
}
