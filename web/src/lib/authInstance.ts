/**
 * Firebase Auth for this app. Only code that runs once someone signs in, or has signed in,
 * imports this module (the sign-in pages, the account area, the console); the rest of the shop
 * loads it through lib/auth.ts, so a visitor who never signs in never downloads it. Firestore
 * and the callables pick the signed-in user up whenever it loads.
 */
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  onIdTokenChanged,
  signOut,
} from 'firebase/auth';
import { announceAuth } from './auth';
import { emulatorHost, firebaseApp, usesEmulators } from './firebase';

// getAuth's own set-up, but for the pop-up and redirect resolver: the shop signs in with a
// password, a custom token or an e-mailed link, never a pop-up, and the resolver would load
// Google's iframe script (apis.google.com) on every sign-in page, which the CSP refuses.
export const auth = initializeAuth(firebaseApp, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
});

if (usesEmulators) {
  connectAuthEmulator(auth, `http://${emulatorHost}:9099`, { disableWarnings: true });
}

announceAuth({
  onIdTokenChanged: (listener) => onIdTokenChanged(auth, listener),
  signOut: () => signOut(auth),
});
