import {
  ShopError,
  ACCOUNT_MESSAGES,
  usernameKey,
  usernamesCollection,
  userPath,
  userSettingsPath,
  type PersonalDetailsUpdate,
  type SaveProfileOutput,
  type SaveProfileValues,
} from '@rafflewin/domain';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { createUserDocuments } from '../users/createUserDocuments';

/**
 * Creates the profile and settings documents of an account that has none (the Auth trigger
 * normally writes them first; this covers a trigger that has not run yet or failed). Returns
 * whether anything was missing.
 */
export async function ensureUserDocuments(
  db: Firestore,
  auth: Auth,
  uid: string,
): Promise<boolean> {
  const [profile, settings] = await db.getAll(db.doc(userPath(uid)), db.doc(userSettingsPath(uid)));
  if (profile?.exists && settings?.exists) return false;
  const user = await auth.getUser(uid);
  await createUserDocuments(db, { uid, email: user.email, displayName: user.displayName });
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
  const profileRef = db.doc(userPath(uid));
  const claimRef = (key: string) => db.collection(usernamesCollection).doc(key);
  await db.runTransaction(async (tx) => {
    const profile = await tx.get(profileRef);
    if (!profile.exists) throw new ShopError('not-found', ACCOUNT_MESSAGES.fetchProfileFailed);
    const current = profile.get('username') as string | null | undefined;
    const oldKey = current ? usernameKey(current) : null;
    const newKey = values.username ? usernameKey(values.username) : null;
    const [newClaim, oldClaim] = await Promise.all([
      newKey ? tx.get(claimRef(newKey)) : null,
      oldKey && oldKey !== newKey ? tx.get(claimRef(oldKey)) : null,
    ]);
    if (newClaim?.exists && newClaim.get('uid') !== uid) {
      throw new ShopError('already-exists', ACCOUNT_MESSAGES.usernameTaken);
    }
    if (oldKey && oldClaim?.get('uid') === uid) tx.delete(claimRef(oldKey));
    if (newKey) tx.set(claimRef(newKey), { uid });
    tx.update(profileRef, { username: values.username, bio: values.bio, updatedAt: now });
  });
  return { username: values.username, bio: values.bio };
}

/**
 * Update Profile and the settings page's profile card: writes the fields given. A date of
 * birth, once recorded, can be corrected but not removed (entrants must be 18 or older).
 */
export async function updatePersonalDetails(
  db: Firestore,
  uid: string,
  update: PersonalDetailsUpdate,
  now = new Date(),
): Promise<void> {
  const profileRef = db.doc(userPath(uid));
  await db.runTransaction(async (tx) => {
    const profile = await tx.get(profileRef);
    if (!profile.exists) throw new ShopError('not-found', ACCOUNT_MESSAGES.fetchProfileFailed);
    if (update.dateOfBirth === null && profile.get('dateOfBirth')) {
      throw new ShopError('invalid-argument', ACCOUNT_MESSAGES.dateOfBirthRequired);
    }
    const fields = Object.fromEntries(
      Object.entries(update).filter(([, value]) => value !== undefined),
    );
    tx.update(profileRef, { ...fields, updatedAt: now });
  });
}
