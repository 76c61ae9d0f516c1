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
import { recordAudit, type AuditRecord } from '../admin/audit';
import { addressIsTheShops } from '../auth/accounts';
import { profileRef } from '../../lib/collections';
import { hasCode } from '../../lib/errorCode';
import { asOnlyClaimChange } from './claimChange';

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

/** Claims as Auth takes them: null for none. */
export function claimsOrNull(claims: Record<string, unknown>): Record<string, unknown> | null {
  return Object.keys(claims).length > 0 ? claims : null;
}

/** The account's claims with `claim` set (true) or left out, the others kept. */
export function claimsWith(
  previous: Record<string, unknown>,
  claim: string,
  on: boolean,
): Record<string, unknown> | null {
  const { [claim]: _dropped, ...others } = previous;
  return claimsOrNull(on ? { ...others, [claim]: true } : others);
}

/**
 * Records a change of an account's claims, just set at Auth, in the audit log. Auth and
 * Firestore cannot share a transaction: if the entry cannot be written, the claims are put back
 * as they were (`previous`), so no change goes unrecorded.
 */
export async function auditClaimOrRestore(
  db: Firestore,
  auth: Auth,
  admin: Caller,
  uid: string,
  previous: Record<string, unknown>,
  now: Date,
  change: Omit<AuditRecord, 'target'>,
): Promise<void> {
  try {
    const batch = db.batch();
    recordAudit(db, batch, admin, { ...change, target: userPath(uid) }, now);
    await batch.commit();
  } catch (error) {
    await auth.setCustomUserClaims(uid, claimsOrNull(previous));
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

/**
 * Why the account may not be made an administrator now, in the console's words; null when it
 * may. Asked before the claim is set and again after it: the account may have been banned or
 * its address moved in between.
 */
async function grantRefusal(db: Firestore, auth: Auth, uid: string): Promise<string | null> {
  const [account, profile] = await Promise.all([accountOf(auth, uid), profileRef(db, uid).get()]);
  if (account.disabled || profile.data()?.banned === true) return USER_ADMIN_MESSAGES.notBanned;
  // Whoever holds the password of an unconfirmed address need not own it: the owner could
  // confirm it later, handing the holder the right.
  if (!account.emailVerified) return USER_ADMIN_MESSAGES.notConfirmed;
  // Nor need whoever put an address on the account past the shop (Firebase Auth's own API,
  // with a session alone), even once Auth's own e-mail has confirmed it.
  if (!(await addressIsTheShops(db, uid, account.email))) {
    return USER_ADMIN_MESSAGES.addressChangedOutside;
  }
  return null;
}

/**
 * Sets or clears the `admin` custom claim, keeping any other claims. A grant reaches the
 * user's browser at their next token refresh or sign-in; a removal ends every session of the
 * account at once (`endSessions`), so a token that still carries the claim is refused
 * everywhere (and before the claim changes, see takeRightAway). An administrator cannot remove
 * their own right; a banned account, one whose address is not confirmed and one whose Auth
 * address is not the shop's cannot be made an administrator (`grantRefusal`).
 *
 * Auth and Firestore cannot share a transaction: the claim is set first, then the audit
 * entry written; if that write fails the claim is put back, so no change goes unrecorded.
 * It is the account's only change of claims under way (`asOnlyClaimChange`), so a staff mark
 * saved at the same moment cannot write back the claims from before the grant.
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
  await asOnlyClaimChange(db, uid, async () => {
    const refusal = makeAdmin ? await grantRefusal(db, auth, uid) : null;
    if (refusal) throw new ShopError('failed-precondition', refusal);
    const account = await accountOf(auth, uid);
    const previous = account.customClaims ?? {};
    const wasAdmin = previous[ADMIN_CLAIM] === true;
    if (wasAdmin && !makeAdmin) await takeRightAway(db, admin, uid, now);
    await auth.setCustomUserClaims(uid, claimsWith(previous, ADMIN_CLAIM, makeAdmin));
    // A grant undone below was in Auth for a moment, and a token refreshed then carries it: the
    // account's sessions end, as for a removal, or that token would pass the rules as an
    // administrator's for up to an hour.
    const endGrantedSessions = () =>
      makeAdmin && !wasAdmin ? endSessions(db, auth, uid) : Promise.resolve();
    // A ban at the same moment read the claim before it was set (setBan checks again after it
    // disables the account): one of the two sees the other, and a banned account is never left
    // an administrator. So with an address moved past the shop in the meantime.
    const refusalMeanwhile = makeAdmin ? await grantRefusal(db, auth, uid) : null;
    if (refusalMeanwhile) {
      await auth.setCustomUserClaims(uid, claimsOrNull(previous));
      await endGrantedSessions();
      throw new ShopError('failed-precondition', refusalMeanwhile);
    }
    await auditClaimOrRestore(db, auth, admin, uid, previous, now, {
      action: makeAdmin ? 'user.grantAdmin' : 'user.removeAdmin',
      before: { admin: wasAdmin },
      after: { admin: makeAdmin },
    }).catch(async (error: unknown) => {
      await endGrantedSessions();
      throw error;
    });
    // A removed right takes effect at once: the old ID token still carries the claim, so every
    // session of the account ends (the rules and callables refuse tokens from before now). Also
    // when the claim was already gone: a removal retried after this step failed must still end
    // the sessions signed in between takeRightAway and the claim's removal, which carry it.
    if (!makeAdmin) await endSessions(db, auth, uid);
  });
}
