import {
  ShopError,
  USER_LIST_MESSAGES,
  USER_PROFILE_MESSAGES,
  usernamesCollection,
  userPath,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import type { Caller } from '../../lib/access';
import { recordAudit } from '../admin/audit';

export interface ProfileEdit {
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  dateOfBirth: string | null;
}

const EDITABLE: Array<keyof ProfileEdit> = [
  'username',
  'firstName',
  'lastName',
  'phoneNumber',
  'dateOfBirth',
];

/**
 * An administrator edits a user's profile. A new username is claimed in `usernames/{lower}`
 * (refused when another account holds it, whatever its case) and the old claim released, in
 * the same transaction as the profile and the audit entry.
 */
export async function updateProfileAsAdmin(
  db: Firestore,
  admin: Caller,
  uid: string,
  edit: ProfileEdit,
  now = new Date(),
): Promise<void> {
  const profileRef = db.doc(userPath(uid));
  const usernames = db.collection(usernamesCollection);
  await db.runTransaction(async (tx) => {
    const profile = await tx.get(profileRef);
    if (!profile.exists) throw new ShopError('not-found', USER_LIST_MESSAGES.userNotFound);
    const oldUsername = (profile.get('username') as string | null) ?? null;
    const oldKey = oldUsername?.toLowerCase() ?? null;
    const newKey = edit.username?.toLowerCase() ?? null;
    const [newClaim, oldClaim] = await Promise.all([
      newKey && newKey !== oldKey ? tx.get(usernames.doc(newKey)) : null,
      oldKey && oldKey !== newKey ? tx.get(usernames.doc(oldKey)) : null,
    ]);
    if (newClaim?.exists && newClaim.get('uid') !== uid) {
      throw new ShopError('already-exists', USER_PROFILE_MESSAGES.usernameTaken);
    }
    if (newClaim) tx.set(newClaim.ref, { uid });
    if (oldClaim?.exists && oldClaim.get('uid') === uid) tx.delete(oldClaim.ref);
    tx.update(profileRef, { ...edit, updatedAt: now });
    recordAudit(
      db,
      tx,
      admin,
      {
        action: 'user.updateProfile',
        target: profileRef.path,
        before: Object.fromEntries(EDITABLE.map((key) => [key, profile.get(key) ?? null])),
        after: { ...edit },
      },
      now,
    );
  });
}
