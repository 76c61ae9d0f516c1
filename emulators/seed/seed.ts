/**
 * Writes the demo data. Idempotent: every document has a fixed id and is overwritten, and
 * the demo accounts are created only when missing, so running it twice leaves one copy.
 */
import {
  ADMIN_CLAIM,
  DEFAULT_USER_SETTINGS,
  SITE_SETTINGS_PATH,
  SOCIAL_SETTINGS_PATH,
  carouselSlidesCollection,
  charityDonationsCollection,
  imageLibraryCollection,
  questionsPath,
  instantWinCommitment,
  raffleSecretsCollection,
  rafflesCollection,
  userPath,
  userSettingsPath,
  usernamesCollection,
  winnersCollection,
  type UserProfileData,
} from '@rafflewin/domain';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { DEMO_USERS } from '../config';
import {
  DEMO_CAROUSEL,
  DEMO_SITE_SETTINGS,
  DEMO_SOCIAL_SETTINGS,
  demoDonations,
  demoLibraryImages,
  demoRaffles,
  demoWinners,
} from './demoData';
import { demoManualEntryWrites } from './manualEntries';
import { demoCustomerWrites } from './demoCustomer';
import { supportDemoWrites } from './support';
import { playerProfiles, raffleTicketWrites, writeAll } from './tickets';

type DemoUser = (typeof DEMO_USERS)[keyof typeof DEMO_USERS];

async function ensureUser(auth: Auth, db: Firestore, user: DemoUser, admin: boolean) {
  const existing = await auth.getUser(user.uid).catch(() => null);
  if (!existing) {
    await auth.createUser({
      uid: user.uid,
      email: user.email,
      password: user.password,
      displayName: `${user.firstName} ${user.lastName}`,
      emailVerified: true,
    });
  }
  await auth.setCustomUserClaims(user.uid, admin ? { [ADMIN_CLAIM]: true } : null);
  // A demo account banned from the console is usable again after a re-seed.
  if (existing?.disabled) await auth.updateUser(user.uid, { disabled: false });
  const now = new Date();
  const username = user.uid === DEMO_USERS.customer.uid ? 'janesmith' : 'alexadmin';
  const profile: UserProfileData = {
    email: user.email,
    username,
    bio: null,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: '+447700900123',
    dateOfBirth: '1990-05-17',
    banned: false,
    createdAt: now,
    updatedAt: now,
  };
  await db.doc(userPath(user.uid)).set(profile);
  // The username index sign-in by username reads (functions only).
  await db.collection(usernamesCollection).doc(username).set({ uid: user.uid });
  await db.doc(userSettingsPath(user.uid)).set(DEFAULT_USER_SETTINGS);
}

/** The demo's instant-prize salt (demo data only: a real raffle's is random and secret). */
const DEMO_INSTANT_WIN_SALT = 'de'.repeat(32);

export async function seedDemoData(db: Firestore, auth: Auth, now = new Date()): Promise<void> {
  const raffles = demoRaffles(now);
  // Seeding again must not undo a draw or forget a published commitment.
  const existing = await db.getAll(
    ...raffles.map((raffle) => db.collection(rafflesCollection).doc(raffle.id)),
  );
  // Instant prizes are committed to as a real raffle's are (a fixed demo salt: the same
  // commitment every time the demo is seeded).
  const reveals = raffles.map((raffle) =>
    raffle.instantPrizes.length > 0
      ? { salt: DEMO_INSTANT_WIN_SALT, prizes: raffle.instantPrizes }
      : null,
  );
  const commitments = await Promise.all(
    raffles.map((raffle, i) => {
      const reveal = reveals[i];
      return reveal ? instantWinCommitment(raffle.id, reveal) : null;
    }),
  );
  const batch = db.batch();
  raffles.forEach((raffle, i) => {
    const before = existing[i];
    batch.set(db.collection(rafflesCollection).doc(raffle.id), {
      ...raffle.data,
      drawCommitment: before?.get('drawCommitment') ?? raffle.data.drawCommitment,
      drawStatus: before?.get('drawStatus') ?? raffle.data.drawStatus,
      instantPrizes: before?.get('instantPrizes') ?? raffle.data.instantPrizes,
      instantWinCommitment: commitments[i] ?? null,
    });
    if (raffle.question) {
      const questionId = 'main';
      const [optionA, optionB, optionC] = raffle.question.options;
      batch.set(db.collection(questionsPath(raffle.id)).doc(questionId), {
        text: raffle.question.text,
        optionA,
        optionB,
        optionC,
        isActive: true,
        createdAt: now,
      });
      batch.set(db.collection(raffleSecretsCollection).doc(raffle.id), {
        correctAnswers: { [questionId]: raffle.question.correct },
        ...(reveals[i] ? { instantWins: reveals[i] } : {}),
      });
    }
  });
  for (const slide of DEMO_CAROUSEL) {
    batch.set(db.collection(carouselSlidesCollection).doc(slide.id), slide.data);
  }
  for (const winner of demoWinners(now)) {
    batch.set(db.collection(winnersCollection).doc(winner.id), winner.data);
  }
  for (const donation of demoDonations(now)) {
    batch.set(db.collection(charityDonationsCollection).doc(donation.id), donation.data);
  }
  for (const image of demoLibraryImages(now)) {
    batch.set(db.collection(imageLibraryCollection).doc(image.id), image.data);
  }
  batch.set(db.doc(SITE_SETTINGS_PATH), DEMO_SITE_SETTINGS);
  batch.set(db.doc(SOCIAL_SETTINGS_PATH), DEMO_SOCIAL_SETTINGS);
  await batch.commit();
  await writeAll(db, [
    ...playerProfiles(now),
    ...raffles.flatMap((raffle) => raffleTicketWrites(raffle, now)),
    ...demoCustomerWrites(raffles, now),
  ]);
  await writeAll(db, demoManualEntryWrites(raffles, now));
  await writeAll(db, supportDemoWrites(now));

  await ensureUser(auth, db, DEMO_USERS.customer, false);
  await ensureUser(auth, db, DEMO_USERS.admin, true);
}

/** True once the seed has run against this database. */
export async function isSeeded(db: Firestore): Promise<boolean> {
  return (await db.doc(SITE_SETTINGS_PATH).get()).exists;
}
