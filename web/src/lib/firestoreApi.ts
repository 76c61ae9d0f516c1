/**
 * The Firestore SDK and this app's database. The shop's first screen is painted without it:
 * the shell and the shop window's hooks load it through lib/live.ts, right after the first
 * paint's code runs; the account area, the console and the pages that write import it directly
 * (they are loaded lazily, so the SDK comes with them).
 */
import {
  carouselSlideSchema,
  charityDonationSchema,
  deviceSchema,
  drawEntryChunkSchema,
  drawRecordSchema,
  entrySchema,
  holderSchema,
  questionSchema,
  raffleSchema,
  savedRaffleSchema,
  siteSettingsSchema,
  socialSettingsSchema,
  twoFactorSessionSchema,
  userSettingsSchema,
  winnerSchema,
} from '@rafflewin/domain';
import { collection, connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import type { CollectionReference, DocumentData } from 'firebase/firestore';
import type { z } from 'zod';
import { converterFor } from './converters';
import { emulatorHost, firebaseApp, usesEmulators } from './firebase';
import { EMULATOR_FIRESTORE_PORT } from './firestoreRest';

export const db = getFirestore(firebaseApp);

if (usesEmulators) connectFirestoreEmulator(db, emulatorHost, EMULATOR_FIRESTORE_PORT);

/** A collection whose documents are read through their domain schema (parsed, id attached). */
export function typedCollection<S extends z.ZodType<DocumentData>>(
  path: string,
  schema: S,
): CollectionReference<z.infer<S> & { id: string }, DocumentData> {
  return collection(db, path).withConverter(converterFor(schema));
}

/**
 * Converters for what the shell and the shop's pages read, built here with the SDK: their code
 * names the document, not its schema, so zod and the schemas load with the SDK rather than
 * in the page's first load.
 */
export const shopConverters = {
  carouselSlide: converterFor(carouselSlideSchema),
  charityDonation: converterFor(charityDonationSchema),
  device: converterFor(deviceSchema),
  drawEntryChunk: converterFor(drawEntryChunkSchema),
  drawRecord: converterFor(drawRecordSchema),
  entry: converterFor(entrySchema),
  holder: converterFor(holderSchema),
  question: converterFor(questionSchema),
  raffle: converterFor(raffleSchema),
  savedRaffle: converterFor(savedRaffleSchema, { estimateServerTimestamps: true }),
  siteSettings: converterFor(siteSettingsSchema),
  socialSettings: converterFor(socialSettingsSchema),
  twoFactorSession: converterFor(twoFactorSessionSchema),
  userSettings: converterFor(userSettingsSchema),
  winner: converterFor(winnerSchema),
};

// What the lazily loaded callers use (lib/live.ts hands them this module).
export {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  getDocsFromServer,
  limit,
  onSnapshot,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  startAfter,
  where,
} from 'firebase/firestore';
