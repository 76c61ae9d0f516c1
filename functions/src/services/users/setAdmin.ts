import {
  ACCOUNT_MESSAGES,
  ADMIN_CLAIM,
  ShopError,
  USER_ADMIN_MESSAGES,
  userPath,
} from '@rafflewin/domain';
import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Caller } from '../../lib/access';
import { endSessions } from '../account/session';
import { recordAudit } from '../admin/audit';
import { profileRef } from '../../lib/collections';
import { hasCode } from '../../lib/errorCode';

/** The Auth account, or a clear refusal when there is none. */
export async function accountOf(auth: Auth, uid: string): Promise<UserRecord> {
  try {
    return await auth.getUser(uid);
  } catch (error) {
    if (hasCode(error, 'auth/user-not-found')) {
      throw new ShopError('not-found', USER_ADMIN_MESSAGES.noAccount);
    }
    throw error;
  }
}

/**
 * Before a right is removed: ends the target's sessions in the eyes of the rules and callables
 * (`sessionsValidAfter`, which `endSessions` later sets from Auth's own revocation) in one
 * transaction with a check that the caller's own sessions have not been ended so. Two
 * administrators removing each other's rights at the same moment each read their own profile
 * and write the other's, so Firestore runs the two one after the other and the second finds its
 * caller already removed: the shop is never left with neither.
 */
async function takeRightAway(db: Firestore, admin: Caller, uid: string, now: Date) {
  await db.runTransaction(async (tx) => {
    const [own, target] = await tx.getAll(profileRef(db, admin.uid), profileRef(db, uid));
    if (admin.signedInAt < (own?.data()?.sessionsValidAfter ?? 0)) {
      throw new ShopError('unauthenticated', ACCOUNT_MESSAGES.sessionRevoked);
    }
    // Rounded up: a token signed in earlier in this same second is refused too.
    const validAfter = Math.ceil(now.getTime() / 1000);
    if (target?.exists) tx.update(target.ref, { sessionsValidAfter: validAfter, updatedAt: now });
  });
}

/** Whether the account was banned (disabled in Auth, or marked on its profile) by now. */
async function bannedMeanwhile(db: Firestore, auth: Auth, uid: string): Promise<boolean> {
  const [account, profile] = await Promise.all([accountOf(auth, uid), profileRef(db, uid).get()]);
  return account.disabled || profile.data()?.banned === true;
}

/**
 * Sets or clears the `admin` custom claim, keeping any other claims. A grant reaches the
 * user's browser at their next token refresh or sign-in; a removal ends every session of the
 * account at once (`endSessions`), so a token that still carries the claim is refused
 * everywhere (and before the claim changes, see takeRightAway). An administrator cannot remove
 * their own right; a banned account cannot be made an administrator.
 *
 * Auth and Firestore cannot share a transaction: the claim is set first, then the audit
 * entry written; if that write fails the claim is put back, so no change goes unrecorded.
 */
export async function setAdminRight(
  db: Firestore,
  auth: Auth,
  admin: Caller,
  uid: string,
  makeAdmin: boolean,
  now = new Date(),
): Promise<void> {
  if (uid === admin.uid && !makeAdmin) {
    throw new ShopError('failed-precondition', USER_ADMIN_MESSAGES.notSelf);
  }
  const account = await accountOf(auth, uid);
  const profile = (await profileRef(db, uid).get()).data();
  if (makeAdmin && (account.disabled || profile?.banned === true)) {
    throw new ShopError('failed-precondition', USER_ADMIN_MESSAGES.notBanned);
  }
  // Whoever holds the password of an unconfirmed address need not own it: the owner could
  // confirm it later, handing the holder the right.
  if (makeAdmin && !account.emailVerified) {
    throw new ShopError('failed-precondition', USER_ADMIN_MESSAGES.notConfirmed);
  }
  const previous = account.customClaims ?? {};
  const wasAdmin = previous[ADMIN_CLAIM] === true;
  const { [ADMIN_CLAIM]: _admin, ...others } = previous;
  const next = makeAdmin ? { ...others, [ADMIN_CLAIM]: true } : others;
  if (wasAdmin && !makeAdmin) await takeRightAway(db, admin, uid, now);
  const restore = () =>
    auth.setCustomUserClaims(uid, Object.keys(previous).length > 0 ? previous : null);
  await auth.setCustomUserClaims(uid, Object.keys(next).length > 0 ? next : null);
  // A ban at the same moment read the claim before it was set (setBan checks again after it
  // disables the account): one of the two sees the other, and a banned account is never left
  // an administrator.
  if (makeAdmin && (await bannedMeanwhile(db, auth, uid))) {
    await restore();
    throw new ShopError('failed-precondition', USER_ADMIN_MESSAGES.notBanned);
  }
  try {
    const batch = db.batch();
    recordAudit(
      db,
      batch,
      admin,
      {
        action: makeAdmin ? 'user.grantAdmin' : 'user.removeAdmin',
        target: userPath(uid),
        before: { admin: wasAdmin },
        after: { admin: makeAdmin },
      },
      now,
    );
    await batch.commit();
  } catch (error) {
    await restore();
    throw error;
  }
  // A removed right takes effect at once: the old ID token still carries the claim, so every
  // session of the account ends (the rules and callables refuse tokens from before now). Also
  // when the claim was already gone: a removal retried after this step failed must still end
  // the sessions signed in between takeRightAway and the claim's removal, which carry it.
  if (!makeAdmin) await endSessions(db, auth, uid);
}
