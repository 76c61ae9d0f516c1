/**
 * Firebase Auth for this app. Only code that runs once someone signs in, or has signed in,
 * imports this module (the sign-in pages, the account area, the console); the rest of the shop
 * loads it through lib/auth.ts, so a visitor who never signs in never downloads it. Firestore
 * and the callables pick the signed-in user up whenever it loads.
 */
import { connectAuthEmulator, getAuth, onIdTokenChanged, signOut } from 'firebase/auth';
import { announceAuth } from './auth';
import { emulatorHost, firebaseApp, usesEmulators } from './firebase';

export const auth = getAuth(firebaseApp);

if (usesEmulators) {
  connectAuthEmulator(auth, `http://${emulatorHost}:9099`, { disableWarnings: true });
}

announceAuth({
  onIdTokenChanged: (listener) => onIdTokenChanged(auth, listener),
  signOut: () => signOut(auth),
});
