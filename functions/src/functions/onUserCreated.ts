import { region } from 'firebase-functions/v1';
import { db, REGION } from '../lib/firebase';
import { runningProject } from '../lib/project';
import { createUserDocuments } from '../services/users/createUserDocuments';

/**
 * Auth trigger: every new account gets its profile and settings documents. Only this project's
 * accounts: the Auth emulator sends every project's account events to the one Functions
 * emulator, which would otherwise write another project's accounts (the test suites' own
 * projects) into this project's users, where a send to all would then reach them.
 */
export const onUserCreated = region(REGION)
  .auth.user()
  .onCreate(async (user, context) => {
    const own = runningProject();
    if (own && context.resource.name !== `projects/${own}`) return;
    await createUserDocuments(db, {
      uid: user.uid,
      email: user.email,
      displayName: user.displayName,
    });
  });
