/**
 * Firebase is initialised once, at module scope, outside React. A `demo-` project id (the
 * default) means the local Emulator Suite: nothing leaves the machine. Firestore
 * (lib/firestoreApi.ts, through lib/live.ts), Auth (lib/auth.ts) and the callables
 * (lib/callables.ts) load apart, when needed.
 */
import { initializeApp } from 'firebase/app';
import { emulatorHost, projectId, usesEmulators } from './firebaseConfig';

const env = import.meta.env;

export const firebaseApp = initializeApp({
  apiKey: env.VITE_FIREBASE_API_KEY ?? 'demo-api-key',
  authDomain: env.VITE_FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
  projectId,
  storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET ?? `${projectId}.appspot.com`,
  appId: env.VITE_FIREBASE_APP_ID ?? 'demo-app-id',
});

export { emulatorHost, usesEmulators };
