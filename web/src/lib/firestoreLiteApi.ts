/**
 * Firestore Lite: one-shot reads over Firestore's REST API, a fifth of the realtime SDK's
 * weight and no stream to open first. The shop window's first answers come through it
 * (lib/live.ts, lib/realtime.ts); the realtime SDK follows for live updates.
 */
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  limit,
  orderBy,
  query,
  startAfter,
  where,
} from 'firebase/firestore/lite';
import { emulatorHost, firebaseApp, usesEmulators } from './firebase';
import { shopConverters } from './shopConverters';

export const db = getFirestore(firebaseApp);

if (usesEmulators) connectFirestoreEmulator(db, emulatorHost, 8080);

export {
  collection,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  shopConverters,
  startAfter,
  where,
};
