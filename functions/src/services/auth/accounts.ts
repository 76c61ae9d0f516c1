import { ADMIN_CLAIM, STAFF_CLAIM, userPath } from '@rafflewin/domain';
import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { hasCode } from '../../lib/errorCode';

/** The account with this e-mail address, or null. */
export async function userByEmail(auth: Auth, email: string): Promise<UserRecord | null> {
  try {
    return await auth.getUserByEmail(email);
  } catch (error) {
    if (hasCode(error, 'auth/user-not-found')) return null;
    throw error;
  }
}

/** True when Auth holds the administrator's claim for the account now (a token may be older). */
export function isAdminAccount(account: UserRecord | null | undefined): boolean {
  return account?.customClaims?.[ADMIN_CLAIM] === true;
}

/** True when Auth holds the staff claim for the account now. */
export function isStaffAccount(account: UserRecord | null | undefined): boolean {
  return account?.customClaims?.[STAFF_CLAIM] === true;
}

/** The account with this uid, or null. */
export async function userByUid(auth: Auth, uid: string): Promise<UserRecord | null> {
  try {
    return await auth.getUser(uid);
  } catch (error) {
    if (hasCode(error, 'auth/user-not-found')) return null;
    throw error;
  }
}

/**
 * Whether Auth's address for the account is the one the shop keeps on its profile (true when
 * there is no profile to compare with). They differ only when the address was changed past
 * the shop (Firebase Auth's API straight, with a session but not the password): such an
 * account gets no reset or sign-in link and cannot sign in until support has looked at it.
 */
export async function addressIsTheShops(
  db: Firestore,
  uid: string,
  email: string | null | undefined,
): Promise<boolean> {
  const profile = await db.doc(userPath(uid)).get();
  const kept: unknown = profile.get('email');
  if (!profile.exists || typeof kept !== 'string') return true;
  return typeof email === 'string' && kept.toLowerCase() === email.toLowerCase();
}
