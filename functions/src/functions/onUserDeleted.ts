import { region } from 'firebase-functions/v1';
import { profileRef } from '../lib/collections';
import { auth, db, REGION } from '../lib/firebase';
import { runningProject } from '../lib/project';
import { deleteAccountOrLater } from '../services/account/deleteAccount';

/**
 * Auth trigger: an account deleted past the shop (Firebase Auth's own `accounts:delete`, with
 * the account's own ID token) gets the shop's deletion all the same: reservations released, the
 * username and personal data gone, tickets and orders anonymised, a play break kept against the
 * address. One that must wait (a payment of it still under way) is finished by the scheduled
 * sweep. The shop's own deletion removes the profile before the Auth account, so it finds
 * nothing left to do. Only this project's accounts (see onUserCreated).
 */
export const onUserDeleted = region(REGION)
  .auth.user()
  .onDelete(async (user, context) => {
    const own = runningProject();
    if (own && context.resource.name !== `projects/${own}`) return;
    if (!(await profileRef(db, user.uid).get()).exists) return;
    // The address as a confirmed sign-in's (see deleteAccount): one set past the shop is not.
    const email = user.emailVerified ? (user.email ?? null) : null;
    await deleteAccountOrLater(db, auth, user.uid, email);
  });
