import {
  EDITABLE_PROFILE_FIELDS,
  ShopError,
  USER_LIST_MESSAGES,
  USER_PROFILE_MESSAGES,
  editableProfileOf,
  type EditableProfile,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import type { Caller } from '../../lib/access';
import { profileRef } from '../../lib/collections';
import { recordAudit } from '../admin/audit';
import { moveCheckoutLock, releaseOpenCheckouts } from '../checkout/release';
import { knownUnderAge } from '../protection/protection';
import { moveUsernameClaim } from './usernames';

/** What the form sends: every editable field, text or null. */
export type ProfileEdit = EditableProfile;

/**
 * The fields an administrator's form changed, to be written; the others keep what is stored.
 * With `seen` (the fields as the form was filled), a field left as it was is not written, so a
 * change the user made meanwhile stands, and a field changed both in the form and since it was
 * filled is refused. A customer can change their own names and phone at any moment (the rules
 * let them), so a check of the whole profile's version would let them hold off the console's
 * edits, a date of birth that shows them under 18 among them.
 */
function changesOf(
  stored: EditableProfile,
  edit: ProfileEdit,
  seen: ProfileEdit | undefined,
): Partial<ProfileEdit> {
  const changes: Partial<ProfileEdit> = {};
  for (const key of EDITABLE_PROFILE_FIELDS) {
    const now = stored[key];
    if (seen && edit[key] === seen[key]) continue;
    if (seen && now !== seen[key] && now !== edit[key]) {
      throw new ShopError('failed-precondition', USER_PROFILE_MESSAGES.changedSinceOpened);
    }
    if (edit[key] !== now) changes[key] = edit[key];
  }
  return changes;
}

/**
 * An administrator edits a user's profile (`changesOf`: only what the form changed). A new
 * username is claimed in `usernames/{lower}` (refused when another account holds it, whatever
 * its case) and the old claim released, in the same transaction as the profile and the audit
 * entry. A date of birth that shows someone under 18 stops their checkouts as a ban does: one
 * being reserved checks again (the checkout lock moves) and the open ones are released, their
 * pages closed.
 */
export async function updateProfileAsAdmin(
  db: Firestore,
  admin: Caller,
  uid: string,
  edit: ProfileEdit,
  seen?: ProfileEdit,
  now = new Date(),
): Promise<void> {
  const profileDoc = profileRef(db, uid);
  const underAge = await db.runTransaction(async (tx) => {
    const profile = (await tx.get(profileDoc)).data();
    if (!profile) throw new ShopError('not-found', USER_LIST_MESSAGES.userNotFound);
    const before = editableProfileOf(profile);
    const changes = changesOf(before, edit, seen);
    const after = { ...before, ...changes };
    await moveUsernameClaim(
      tx,
      db,
      uid,
      profile.username,
      after.username,
      USER_PROFILE_MESSAGES.usernameTaken,
    );
    const known = knownUnderAge(after.dateOfBirth, now);
    tx.update(profileDoc, { ...changes, updatedAt: now });
    if (known) moveCheckoutLock(tx, db, uid, now);
    recordAudit(
      db,
      tx,
      admin,
      { action: 'user.updateProfile', target: profileDoc.path, before, after },
      now,
    );
    return known;
  });
  if (underAge) await releaseOpenCheckouts(db, uid, 'underAge', now);
}
