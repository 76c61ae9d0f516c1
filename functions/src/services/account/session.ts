import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { devicesRef, profileRef } from '../../lib/collections';
import { deleteInPages } from '../../lib/pagedWrites';

/**
 * Ends every session of an account now: its refresh tokens stop working (no device gets a new
 * ID token) and the profile's `sessionsValidAfter` moves to now, which the callables
 * (`lib/access.ts`) and the security rules compare with each ID token's `auth_time`, so a
 * token from an earlier sign-in is refused at once rather than when it expires (up to an
 * hour). Used by "sign out everywhere", password and e-mail changes, bans and a removed
 * administrator right. The devices signed out stop receiving pushes too (a lost phone must not
 * keep showing the account's notifications): their registrations go, and a device turns push
 * on again once signed in. Returns when it took effect (Auth keeps it to the second).
 */
export async function endSessions(db: Firestore, auth: Auth, uid: string): Promise<Date> {
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
  await deleteInPages(db, devicesRef(db, uid));
  return at;
}
