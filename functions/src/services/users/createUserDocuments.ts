import {
  DEFAULT_USER_SETTINGS,
  newUserProfile,
  userPath,
  userSettingsPath,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';

export interface NewAuthUser {
  uid: string;
  email?: string | null;
  displayName?: string | null;
}

/**
 * Creates the profile and settings documents of a new account with the spec defaults.
 * Idempotent: documents that already exist (a retried trigger, or a sign-up callable that
 * wrote them first) are left as they are.
 */
export async function createUserDocuments(db: Firestore, user: NewAuthUser): Promise<void> {
  const profileRef = db.doc(userPath(user.uid));
  const settingsRef = db.doc(userSettingsPath(user.uid));
  await db.runTransaction(async (tx) => {
    const [profile, settings] = await tx.getAll(profileRef, settingsRef);
    if (!profile?.exists) {
      tx.create(profileRef, newUserProfile(user.email, user.displayName, new Date()));
    }
    if (!settings?.exists) {
      tx.create(settingsRef, DEFAULT_USER_SETTINGS);
    }
  });
}
