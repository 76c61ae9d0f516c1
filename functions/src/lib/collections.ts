/**
 * Typed references to the shop's documents: each reads through a converter built from the
 * domain schema (lib/firestore.ts), so a read is validated and typed, never `.get('field')`
 * with a cast. Converters are module-scope constants.
 */
import {
  DEFAULT_SITE_SETTINGS,
  SITE_SETTINGS_PATH,
  SMTP_SECRET_PATH,
  SMTP_SETTINGS_PATH,
  carouselSlideSchema,
  carouselSlidesCollection,
  checkoutSessionSchema,
  checkoutSessionsCollection,
  drawSeedSchema,
  drawSeedsCollection,
  entriesPath,
  imageLibraryCollection,
  libraryImageSchema,
  entrySchema,
  orderSchema,
  ordersCollection,
  promoCodePath,
  promoCodeSchema,
  promoCustomerPath,
  promoCustomerSchema,
  rafflePath,
  raffleSchema,
  rafflesCollection,
  rateLimitRecordSchema,
  rateLimitsCollection,
  siteSettingsSchema,
  smtpSecretSchema,
  smtpSettingsSchema,
  stripeCustomerPath,
  stripeCustomerSchema,
  type SiteSettings,
  supportMessageSchema,
  supportMessagesPath,
  supportTicketPath,
  supportTicketSchema,
  ticketSchema,
  ticketsCollection,
  twoFactorChallengeSchema,
  twoFactorChallengesCollection,
  twoFactorSecretSchema,
  passwordSetSchema,
  passwordSetsCollection,
  twoFactorSecretsCollection,
  userPath,
  userProfileSchema,
  usersCollection,
  userSettingsPath,
  userSettingsSchema,
  usernameSchema,
  usernamesCollection,
  notificationBroadcastSchema,
  notificationBroadcastsCollection,
  notificationSchema,
  notificationsPath,
  deviceSchema,
  devicesPath,
  instantWinSchema,
  instantWinsCollection,
  signInDeviceSchema,
  signInDevicesPath,
  answerCheckSchema,
  answerChecksPath,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { converterFor } from './firestore';

const raffle = converterFor(raffleSchema);
const profile = converterFor(userProfileSchema);
// User Management lists every profile, whole or not: one incomplete profile must not hide the rest.
const listedProfile = converterFor(userProfileSchema.partial());
const userSettings = converterFor(userSettingsSchema);
const siteSettings = converterFor(siteSettingsSchema);
const smtpSettings = converterFor(smtpSettingsSchema);
const smtpSecret = converterFor(smtpSecretSchema);
const stripeCustomer = converterFor(stripeCustomerSchema);
const drawSeed = converterFor(drawSeedSchema);
const notificationBroadcast = converterFor(notificationBroadcastSchema);
const entry = converterFor(entrySchema);
const notification = converterFor(notificationSchema);
const device = converterFor(deviceSchema);
const ticket = converterFor(ticketSchema);
const order = converterFor(orderSchema);
const checkoutSession = converterFor(checkoutSessionSchema);
const carouselSlide = converterFor(carouselSlideSchema);
const username = converterFor(usernameSchema);
const supportTicket = converterFor(supportTicketSchema);
const supportMessage = converterFor(supportMessageSchema);
const libraryImage = converterFor(libraryImageSchema);
const rateLimitRecord = converterFor(rateLimitRecordSchema);
const twoFactorSecret = converterFor(twoFactorSecretSchema);
const passwordSet = converterFor(passwordSetSchema);
const twoFactorChallenge = converterFor(twoFactorChallengeSchema);
const promoCode = converterFor(promoCodeSchema);
const promoCustomer = converterFor(promoCustomerSchema);
const instantWin = converterFor(instantWinSchema);
const signInDevice = converterFor(signInDeviceSchema);
const answerCheck = converterFor(answerCheckSchema);

export const raffleRef = (db: Firestore, raffleId: string) =>
  db.doc(rafflePath(raffleId)).withConverter(raffle);
export const rafflesRef = (db: Firestore) => db.collection(rafflesCollection).withConverter(raffle);
export const instantWinRef = (db: Firestore, winId: string) =>
  db.collection(instantWinsCollection).doc(winId).withConverter(instantWin);

export const profileRef = (db: Firestore, uid: string) =>
  db.doc(userPath(uid)).withConverter(profile);
export const listedProfileRef = (db: Firestore, uid: string) =>
  db.doc(userPath(uid)).withConverter(listedProfile);
export const listedProfilesRef = (db: Firestore) =>
  db.collection(usersCollection).withConverter(listedProfile);
export const userSettingsRef = (db: Firestore, uid: string) =>
  db.doc(userSettingsPath(uid)).withConverter(userSettings);
export const usernameRef = (db: Firestore, key: string) =>
  db.collection(usernamesCollection).doc(key).withConverter(username);

export const siteSettingsRef = (db: Firestore) =>
  db.doc(SITE_SETTINGS_PATH).withConverter(siteSettings);
export const smtpSettingsRef = (db: Firestore) =>
  db.doc(SMTP_SETTINGS_PATH).withConverter(smtpSettings);
export const smtpSecretRef = (db: Firestore) => db.doc(SMTP_SECRET_PATH).withConverter(smtpSecret);

/** The site settings, with the defaults for whatever is not stored. */
export async function readSiteSettings(db: Firestore): Promise<SiteSettings> {
  return (await siteSettingsRef(db).get()).data() ?? DEFAULT_SITE_SETTINGS;
}

export const stripeCustomerRef = (db: Firestore, uid: string) =>
  db.doc(stripeCustomerPath(uid)).withConverter(stripeCustomer);

export const notificationBroadcastRef = (db: Firestore, id: string) =>
  db.collection(notificationBroadcastsCollection).doc(id).withConverter(notificationBroadcast);
export const drawSeedRef = (db: Firestore, raffleId: string) =>
  db.collection(drawSeedsCollection).doc(raffleId).withConverter(drawSeed);
export const entriesRef = (db: Firestore, raffleId: string) =>
  db.collection(entriesPath(raffleId)).withConverter(entry);

export const promoCodeRef = (db: Firestore, code: string) =>
  db.doc(promoCodePath(code)).withConverter(promoCode);
export const promoCustomerRef = (db: Firestore, code: string, uid: string) =>
  db.doc(promoCustomerPath(code, uid)).withConverter(promoCustomer);

export const ticketsRef = (db: Firestore) => db.collection(ticketsCollection).withConverter(ticket);
export const ordersRef = (db: Firestore) => db.collection(ordersCollection).withConverter(order);
export const checkoutSessionRef = (db: Firestore, sessionId: string) =>
  db.collection(checkoutSessionsCollection).doc(sessionId).withConverter(checkoutSession);

export const carouselSlidesRef = (db: Firestore) =>
  db.collection(carouselSlidesCollection).withConverter(carouselSlide);

export const supportTicketRef = (db: Firestore, ticketId: string) =>
  db.doc(supportTicketPath(ticketId)).withConverter(supportTicket);
export const supportMessagesRef = (db: Firestore, ticketId: string) =>
  db.collection(supportMessagesPath(ticketId)).withConverter(supportMessage);

export const libraryImageRef = (db: Firestore, imageId: string) =>
  db.collection(imageLibraryCollection).doc(imageId).withConverter(libraryImage);
export const rateLimitRef = (db: Firestore, id: string) =>
  db.collection(rateLimitsCollection).doc(id).withConverter(rateLimitRecord);
export const twoFactorSecretRef = (db: Firestore, uid: string) =>
  db.collection(twoFactorSecretsCollection).doc(uid).withConverter(twoFactorSecret);
export const passwordSetRef = (db: Firestore, uid: string) =>
  db.collection(passwordSetsCollection).doc(uid).withConverter(passwordSet);
export const twoFactorChallengeRef = (db: Firestore, id: string) =>
  db.collection(twoFactorChallengesCollection).doc(id).withConverter(twoFactorChallenge);

export const notificationRef = (db: Firestore, uid: string, id: string) =>
  db.collection(notificationsPath(uid)).doc(id).withConverter(notification);
export const answerCheckRef = (db: Firestore, raffleId: string, uid: string) =>
  db.collection(answerChecksPath(raffleId)).doc(uid).withConverter(answerCheck);
export const signInDevicesRef = (db: Firestore, uid: string) =>
  db.collection(signInDevicesPath(uid)).withConverter(signInDevice);
export const devicesRef = (db: Firestore, uid: string) =>
  db.collection(devicesPath(uid)).withConverter(device);
