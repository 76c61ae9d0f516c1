/**
 * The converters of the documents the shell and the shop's pages read, shared by the realtime
 * SDK (lib/firestoreApi.ts) and Firestore Lite (lib/firestoreLiteApi.ts), and loaded with
 * them: page code names the document, not its schema, so zod and the schemas stay out of a
 * page's first load.
 */
import {
  carouselSlideSchema,
  charityDonationSchema,
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
import { converterFor } from './converters';

export const shopConverters = {
  carouselSlide: converterFor(carouselSlideSchema),
  charityDonation: converterFor(charityDonationSchema),
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
