/**
 * Writes the demo data. Idempotent: every document has a fixed id and is overwritten, and
 * the demo accounts are created only when missing, so running it twice leaves one copy. Into a
 * shop in use (`npm run seed`), a demo raffle that has sold or holds tickets since it was
 * seeded is left as it is: writing its pool again would issue its numbers a second time.
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
  rafflePath,
  raffleSecretsCollection,
  rafflesCollection,
  shardsPath,
  ticketsCollection,
  userPath,
  userSettingsPath,
  usernamesCollection,
  winnersCollection,
  type UserProfileData,
} from '@rafflewin/domain';
import type { Auth } from 'firebase-admin/auth';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
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
import { playerProfiles, raffleTicketWrites, writeAll, type Write } from './tickets';

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

export interface SeedOptions {
  /** Leave demo raffles that sold or hold tickets since they were seeded as they are. */
  keepRafflesInUse?: boolean;
}

/** Writes the demo data; answers the demo raffles left as they were (see SeedOptions). */
export async function seedDemoData(
  db: Firestore,
  auth: Auth,
  now = new Date(),
  options: SeedOptions = {},
): Promise<{ kept: string[] }> {
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
  const raffleWrites = [
    ...playerProfiles(now),
    ...raffles.flatMap((raffle) => raffleTicketWrites(raffle, now)),
    ...demoCustomerWrites(raffles, now),
  ];
  const manualWrites = demoManualEntryWrites(raffles, now);
  const kept = options.keepRafflesInUse
    ? await rafflesInUse(db, existing, [...raffleWrites, ...manualWrites])
    : new Set<string>();
  const batch = db.batch();
  raffles.forEach((raffle, i) => {
    if (kept.has(raffle.id)) return;
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
  const untouched = ([path, data]: Write) => ![...kept].some((id) => concerns(path, data, id));
  await writeAll(db, raffleWrites.filter(untouched));
  await writeAll(db, manualWrites.filter(untouched));
  await writeAll(db, supportDemoWrites(now));

  await ensureUser(auth, db, DEMO_USERS.customer, false);
  await ensureUser(auth, db, DEMO_USERS.admin, true);
  return { kept: [...kept] };
}

/** Whether a seed write is about raffle `id`: its documents, tickets or orders. */
function concerns(path: string, data: object, id: string): boolean {
  const { raffleId, items } = data as { raffleId?: string; items?: Array<{ raffleId: string }> };
  return (
    path === rafflePath(id) ||
    path.startsWith(`${rafflePath(id)}/`) ||
    raffleId === id ||
    (items?.some((item) => item.raffleId === id) ?? false)
  );
}

/**
 * The demo raffles whose tickets differ from what the seed writes (sold, refunded or deleted
 * since), or whose pool holds tickets for a checkout: the seed would undo them.
 */
async function rafflesInUse(
  db: Firestore,
  existing: DocumentSnapshot[],
  writes: Write[],
): Promise<Set<string>> {
  const inUse = await Promise.all(
    existing.map(async (raffle) => {
      if (!raffle.exists) return false;
      const seeded = writes.filter(
        ([path, data]) =>
          path.startsWith(`${ticketsCollection}/`) && concerns(path, data, raffle.id),
      ).length;
      const [tickets, shards] = await Promise.all([
        db.collection(ticketsCollection).where('raffleId', '==', raffle.id).count().get(),
        db.collection(shardsPath(raffle.id)).get(),
      ]);
      return (
        raffle.get('soldTickets') !== seeded ||
        tickets.data().count !== seeded ||
        shards.docs.some((shard) => Object.keys(shard.get('holds') ?? {}).length > 0)
      );
    }),
  );
  return new Set(existing.filter((_, i) => inUse[i]).map((raffle) => raffle.id));
}

/** True once the seed has run against this database. */
export async function isSeeded(db: Firestore): Promise<boolean> {
  return (await db.doc(SITE_SETTINGS_PATH).get()).exists;
}
