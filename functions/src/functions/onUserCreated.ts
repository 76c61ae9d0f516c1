import { region } from 'firebase-functions/v1';
import { db, REGION } from '../lib/firebase';
import { createUserDocuments } from '../services/users/createUserDocuments';

/** Auth trigger: every new account gets its profile and settings documents. */
export const onUserCreated = region(REGION)
  .auth.user()
  .onCreate((user) =>
    createUserDocuments(db, { uid: user.uid, email: user.email, displayName: user.displayName }),
  );
