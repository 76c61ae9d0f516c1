import { ShopError, USER_LIST_MESSAGES, USER_PROFILE_MESSAGES } from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import type { Caller } from '../../lib/access';
import { profileRef } from '../../lib/collections';
import { recordAudit } from '../admin/audit';
import { refuseIfChangedSince } from '../admin/editVersions';
import { moveCheckoutLock, releaseOpenCheckouts } from '../checkout/release';
import { knownUnderAge } from '../protection/protection';
import { moveUsernameClaim } from './usernames';

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
 * the same transaction as the profile and the audit entry. A date of birth that shows someone
 * under 18 stops their checkouts as a ban does: one being reserved checks again (the checkout
 * lock moves) and the open ones are released, their pages closed. An edit made on an older
 * version than the stored one (`seenUpdatedAt`: the user's own change, another administrator's,
 * a ban) is refused rather than undoing the change saved since.
 */
export async function updateProfileAsAdmin(
  db: Firestore,
  admin: Caller,
  uid: string,
  edit: ProfileEdit,
  seenUpdatedAt?: number | null,
  now = new Date(),
): Promise<void> {
  const profileDoc = profileRef(db, uid);
  const underAge = knownUnderAge(edit.dateOfBirth, now);
  await db.runTransaction(async (tx) => {
    const profile = (await tx.get(profileDoc)).data();
    if (!profile) throw new ShopError('not-found', USER_LIST_MESSAGES.userNotFound);
    refuseIfChangedSince(
      profile.updatedAt,
      seenUpdatedAt,
      USER_PROFILE_MESSAGES.changedSinceOpened,
    );
    await moveUsernameClaim(
      tx,
      db,
      uid,
      profile.username,
      edit.username,
      USER_PROFILE_MESSAGES.usernameTaken,
    );
    tx.update(profileDoc, { ...edit, updatedAt: now });
    if (underAge) moveCheckoutLock(tx, db, uid, now);
    recordAudit(
      db,
      tx,
      admin,
      {
        action: 'user.updateProfile',
        target: profileDoc.path,
        before: Object.fromEntries(EDITABLE.map((key) => [key, profile[key] ?? null])),
        after: { ...edit },
      },
      now,
    );
  });
  if (underAge) await releaseOpenCheckouts(db, uid, 'underAge', now);
}
