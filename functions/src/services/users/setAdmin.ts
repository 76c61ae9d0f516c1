import { ShopError, ADMIN_CLAIM, USER_ADMIN_MESSAGES, userPath } from '@rafflewin/domain';
import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Caller } from '../../lib/access';
import { recordAudit } from '../admin/audit';
import { profileRef } from '../../lib/collections';

/** The Auth account, or a clear refusal when there is none. */
export async function accountOf(auth: Auth, uid: string): Promise<UserRecord> {
  try {
    return await auth.getUser(uid);
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') {
      throw new ShopError('not-found', USER_ADMIN_MESSAGES.noAccount);
    }
    throw error;
  }
}

/**
 * Sets or clears the `admin` custom claim, keeping any other claims. The user's ID token
 * carries claims, so the change reaches their browser and the security rules at their next
 * token refresh (within the hour) or sign-in. An administrator cannot remove their own
 * right; a banned account cannot be made an administrator.
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
  const previous = account.customClaims ?? {};
  const wasAdmin = previous[ADMIN_CLAIM] === true;
  const { [ADMIN_CLAIM]: _admin, ...others } = previous;
  const next = makeAdmin ? { ...others, [ADMIN_CLAIM]: true } : others;
  await auth.setCustomUserClaims(uid, Object.keys(next).length > 0 ? next : null);
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
    await auth.setCustomUserClaims(uid, Object.keys(previous).length > 0 ? previous : null);
    throw error;
  }
}
