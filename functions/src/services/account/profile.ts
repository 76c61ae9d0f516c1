import {
  ShopError,
  ACCOUNT_MESSAGES,
  isAtLeastAge,
  userPath,
  userSettingsPath,
  type PersonalDetailsUpdate,
  type SaveProfileOutput,
  type SaveProfileValues,
} from '@rafflewin/domain';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { profileRef } from '../../lib/collections';
import { moveUsernameClaim } from '../users/usernames';
import { createUserDocuments, fromAuthUser } from '../users/createUserDocuments';

/**
 * Creates the profile and settings documents of an account that has none (the Auth trigger
 * normally writes them first; this covers a trigger that has not run yet or failed). Returns
 * whether anything was missing. A profile made again keeps sessions Auth ended meanwhile
 * ended (an administrator's right removed while there was no profile): the security rules
 * read only the profile's `sessionsValidAfter`.
 */
export async function ensureUserDocuments(
  db: Firestore,
  auth: Auth,
  uid: string,
): Promise<boolean> {
  const [profile, settings] = await db.getAll(db.doc(userPath(uid)), db.doc(userSettingsPath(uid)));
  if (profile?.exists && settings?.exists) return false;
  await createUserDocuments(db, fromAuthUser(await auth.getUser(uid)));
  return true;
}

/**
 * Saves the username and bio of Profile Settings in one transaction. Usernames are unique
 * whatever their case: `usernames/{lower}` records the owner's uid, is claimed in the same
 * transaction as the profile changes, and the previous one is released. A name someone else
 * holds is refused with "Username is already taken" and nothing changes.
 */
export async function saveProfile(
  db: Firestore,
  uid: string,
  values: SaveProfileValues,
  now = new Date(),
): Promise<SaveProfileOutput> {
  const profile = profileRef(db, uid);
  await db.runTransaction(async (tx) => {
    const current = (await tx.get(profile)).data();
    if (!current) throw new ShopError('not-found', ACCOUNT_MESSAGES.fetchProfileFailed);
    await moveUsernameClaim(
      tx,
      db,
      uid,
      current.username,
      values.username,
      ACCOUNT_MESSAGES.usernameTaken,
    );
    tx.update(profile, { username: values.username, bio: values.bio, updatedAt: now });
  });
  return { username: values.username, bio: values.bio };
}

/**
 * Update Profile and the settings page's profile card: writes the fields given. A date of
 * birth, once recorded, can be corrected but not removed (entrants must be 18 or older); one
 * that shows someone under 18 (an administrator may record the true date) is not the
 * customer's to change: typing an adult date would pass the age check at checkout.
 */
export async function updatePersonalDetails(
  db: Firestore,
  uid: string,
  update: PersonalDetailsUpdate,
  now = new Date(),
): Promise<void> {
  const profile = profileRef(db, uid);
  await db.runTransaction(async (tx) => {
    const current = (await tx.get(profile)).data();
    if (!current) throw new ShopError('not-found', ACCOUNT_MESSAGES.fetchProfileFailed);
    if (update.dateOfBirth === null && current.dateOfBirth) {
      throw new ShopError('invalid-argument', ACCOUNT_MESSAGES.dateOfBirthRequired);
    }
    const underAge = current.dateOfBirth && !isAtLeastAge(current.dateOfBirth, now);
    if (
      underAge &&
      update.dateOfBirth !== undefined &&
      update.dateOfBirth !== current.dateOfBirth
    ) {
      throw new ShopError('failed-precondition', ACCOUNT_MESSAGES.dateOfBirthLocked);
    }
    const fields = Object.fromEntries(
      Object.entries(update).filter(([, value]) => value !== undefined),
    );
    tx.update(profile, { ...fields, updatedAt: now });
  });
}
