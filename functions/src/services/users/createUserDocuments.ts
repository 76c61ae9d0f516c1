import {
  DEFAULT_USER_SETTINGS,
  authSessionsValidAfter,
  carriedBreakToShow,
  newUserProfile,
  protectionPath,
  userPath,
  userSettingsPath,
} from '@rafflewin/domain';
import type { UserRecord } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { protectionFrom } from '../protection/protection';
import { carriedControls } from '../protection/selfExclusion';

export interface NewAuthUser {
  uid: string;
  email?: string | null;
  displayName?: string | null;
  /** For an account's profile made again: when its sessions were last ended (seconds). */
  sessionsValidAfter?: number;
  /** For an account's profile made again: banned (its Auth user disabled by a ban). */
  banned?: boolean;
}

/**
 * An existing Auth user as a profile made again takes it: its sessions' cut-off and a ban
 * (disabled), so that a ban or a demotion made while it had no profile stands (the rules and
 * the callables then read the profile, not Auth).
 */
export function fromAuthUser(user: UserRecord): NewAuthUser {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    sessionsValidAfter: authSessionsValidAfter(user),
    banned: user.disabled,
  };
}

/** What the sign-up form adds to a new account's profile. */
export interface SignUpDetails {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  dateOfBirth: string;
}

/**
 * Creates the profile and settings documents of a new account with their defaults.
 * Idempotent: documents that already exist (a retried trigger, or a sign-up callable that
 * wrote them first) are left as they are. Sign-up passes `details`, which it writes whichever
 * of the two (the Auth trigger or the sign-up callable) gets there first. A play break its
 * address carries from a deleted account is written on the account's own controls, so
 * Responsible Play (and the console) show the break every checkout already enforces.
 */
export async function createUserDocuments(
  db: Firestore,
  user: NewAuthUser,
  details?: SignUpDetails,
): Promise<void> {
  const profileRef = db.doc(userPath(user.uid));
  const settingsRef = db.doc(userSettingsPath(user.uid));
  const protectionRef = db.doc(protectionPath(user.uid));
  const carried = await carriedControls(db, user.email);
  const now = new Date();
  await db.runTransaction(async (tx) => {
    const [profile, settings, protection] = await tx.getAll(profileRef, settingsRef, protectionRef);
    if (!profile?.exists) {
      tx.create(profileRef, {
        ...newUserProfile(user.email, user.displayName, now),
        ...details,
        ...(user.sessionsValidAfter ? { sessionsValidAfter: user.sessionsValidAfter } : {}),
        ...(user.banned ? { banned: true } : {}),
      });
    } else if (details) {
      tx.update(profileRef, { ...details, updatedAt: now });
    }
    if (!settings?.exists) {
      tx.create(settingsRef, DEFAULT_USER_SETTINGS);
    }
    const shown = carriedBreakToShow(protectionFrom(protection!), carried, now);
    if (shown) tx.set(protectionRef, { ...shown, updatedAt: now });
  });
}
