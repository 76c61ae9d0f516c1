import type { Auth } from 'firebase-admin/auth';
import { FieldPath, type Firestore } from 'firebase-admin/firestore';
import { devicesRef, profileRef, signInDevicesRef } from '../../lib/collections';
import { deleteInPages } from '../../lib/pagedWrites';

/**
 * Ends every session of an account now: its refresh tokens stop working (no device gets a new
 * ID token) and the profile's `sessionsValidAfter` moves to now, which the callables
 * (`lib/access.ts`) and the security rules compare with each ID token's `auth_time`, so a
 * token from an earlier sign-in is refused at once rather than when it expires (up to an
 * hour). Used by "sign out everywhere", password and e-mail changes, bans and a removed
 * administrator right. The devices signed out stop receiving pushes too (a lost phone must not
 * keep showing the account's notifications): their registrations go, and a device turns push
 * on again once signed in; `keepDevice`, the device of the browser that goes on signed in
 * (turning two-factor on), stays. The browsers known for signing in (`signInDevices`) are
 * forgotten too: a lost laptop's password attempts count with everyone else's again, and each
 * browser becomes known again at its next sign-in. Returns when it took effect (Auth keeps it to
 * the second).
 */
export async function endSessions(
  db: Firestore,
  auth: Auth,
  uid: string,
  { keepDevice = null }: { keepDevice?: string | null } = {},
): Promise<Date> {
  await pastLastSignIn(auth, uid);
  await auth.revokeRefreshTokens(uid);
  const user = await auth.getUser(uid);
  const at = user.tokensValidAfterTime ? new Date(user.tokensValidAfterTime) : new Date();
  const profile = profileRef(db, uid);
  // A profile the Auth trigger has not written yet has no session to end in the rules.
  await profile
    .update({ sessionsValidAfter: Math.floor(at.getTime() / 1000), updatedAt: new Date() })
    .catch((error: unknown) => {
      if ((error as { code?: number }).code !== 5) throw error; // NOT_FOUND
    });
  const devices = devicesRef(db, uid);
  await deleteInPages(
    db,
    keepDevice ? devices.where(FieldPath.documentId(), '!=', keepDevice) : devices,
  );
  await deleteInPages(db, signInDevicesRef(db, uid));
  return at;
}

/**
 * Waits, when the account signed in during this second, for the next one. Auth and the rules
 * keep the cut-off to the second and let a token of that very second through, so a cut-off
 * in the second of a sign-in would spare it: a sign-in on another device a moment before a
 * ban, or the sign-in with which a password change checks the current password (which the
 * Auth emulator, refreshing a token, takes as the token's sign-in time).
 */
async function pastLastSignIn(auth: Auth, uid: string): Promise<void> {
  const { lastSignInTime } = (await auth.getUser(uid)).metadata;
  const signedInSecond = Math.floor(Date.parse(lastSignInTime) / 1000);
  const waitMs = (signedInSecond + 1) * 1000 - Date.now();
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
}
