import { region } from 'firebase-functions/v1';
import { auth, db, REGION } from '../lib/firebase';
import { hasCode } from '../lib/errorCode';
import { runningProject } from '../lib/project';
import { createUserDocuments } from '../services/users/createUserDocuments';

/**
 * Auth trigger: every new account gets its profile and settings documents. Only this project's
 * accounts: the Auth emulator sends every project's account events to the one Functions
 * emulator, which would otherwise write another project's accounts (the test suites' own
 * projects) into this project's users, where a send to all would then reach them.
 *
 * The shop has no account without an e-mail address. One made so is Auth's own anonymous
 * sign-up, which no blocking function sees (closed registration, the sign-up's checks and
 * limits, a play break kept on an address), nor does an address and password linked to it
 * later: such an account is removed at once, before it has a profile.
 */
export const onUserCreated = region(REGION)
  .auth.user()
  .onCreate(async (user, context) => {
    const own = runningProject();
    if (own && context.resource.name !== `projects/${own}`) return;
    if (!user.email) {
      await auth.deleteUser(user.uid).catch((error: unknown) => {
        if (!hasCode(error, 'auth/user-not-found')) throw error;
      });
      return;
    }
    await createUserDocuments(db, {
      uid: user.uid,
      email: user.email,
      displayName: user.displayName,
    });
  });
