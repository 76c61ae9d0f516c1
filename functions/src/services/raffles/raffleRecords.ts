import {
  DEFAULT_SITE_SETTINGS,
  ShopError,
  RAFFLE_MESSAGES,
  activeHeld,
  hasPostalEntryAddress,
  questionsPath,
  shardsPath,
  type Raffle,
  type Shard,
} from '@rafflewin/domain';
import type { DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import { siteSettingsRef } from '../../lib/collections';
import { readShard } from '../pool/shards';

export { raffleRef } from '../../lib/collections';

/** The raffle, or `not-found` with the console's message. */
export function readRaffle(snapshot: DocumentSnapshot<Raffle>): Raffle {
  const raffle = snapshot.data();
  if (!raffle) throw new ShopError('not-found', RAFFLE_MESSAGES.notFound);
  return raffle;
}

/** The ids of the raffle's active skill questions, read (and so locked) in `tx`. */
export async function activeQuestionIds(
  tx: Transaction,
  db: Firestore,
  raffleId: string,
): Promise<string[]> {
  const active = await tx.get(
    db.collection(questionsPath(raffleId)).where('isActive', '==', true).select(),
  );
  return active.docs.map((doc) => doc.id);
}

/**
 * A paid raffle is live only with an active skill question (a paid draw without one would be
 * a lottery): every door that switches a raffle on, prices it or takes its question away asks.
 */
export function needsQuestion(raffle: Pick<Raffle, 'ticketPrice'>): boolean {
  return raffle.ticketPrice > 0;
}

/**
 * Whether Site Settings hold the postal entry address every raffle names as its free entry
 * route, read (and so locked) in `tx`: no raffle goes live without it.
 */
export async function postalEntryAddressSet(tx: Transaction, db: Firestore): Promise<boolean> {
  const settings = (await tx.get(siteSettingsRef(db))).data() ?? DEFAULT_SITE_SETTINGS;
  return hasPostalEntryAddress(settings);
}

/**
 * Refuses to switch a raffle on (or keep a live one priced) without what makes it lawful: the
 * postal entry address and, when paid, an active skill question.
 */
export async function assertMayBeLive(
  tx: Transaction,
  db: Firestore,
  raffleId: string,
  raffle: Pick<Raffle, 'ticketPrice'>,
): Promise<void> {
  if (!(await postalEntryAddressSet(tx, db))) {
    throw new ShopError('failed-precondition', RAFFLE_MESSAGES.postalAddressRequired);
  }
  if (needsQuestion(raffle) && (await activeQuestionIds(tx, db, raffleId)).length === 0) {
    throw new ShopError('failed-precondition', RAFFLE_MESSAGES.questionRequired);
  }
}

/** The raffle's pool shards, read (and so locked) in `tx`. */
export async function readPoolIn(
  tx: Transaction,
  db: Firestore,
  raffleId: string,
): Promise<Shard[]> {
  const snapshot = await tx.get(db.collection(shardsPath(raffleId)));
  return snapshot.docs.map(readShard);
}

/**
 * Tickets sold or held by an unexpired checkout. The pool is the truth; the raffle's rolled-up
 * counts cover raffles whose pool was never created.
 */
export function ticketsTakenFrom(raffle: Raffle, shards: Shard[], now: Date): number {
  const fromPool = shards.reduce(
    (sum, shard) => sum + shard.sold + activeHeld(shard.holds, now),
    0,
  );
  return Math.max(fromPool, raffle.soldTickets);
}

/** The fields an administrator edits, for the audit log's before and after. */
export function editableFields(raffle: Raffle): Record<string, unknown> {
  return {
    name: raffle.name,
    description: raffle.description,
    imageUrl: raffle.imageUrl,
    category: raffle.category,
    ticketPrice: raffle.ticketPrice,
    maxTickets: raffle.maxTickets,
    maxTicketsPerUser: raffle.maxTicketsPerUser,
    bundles: raffle.bundles,
    numberPicking: raffle.numberPicking,
    closeOnSellOut: raffle.closeOnSellOut,
    startDate: raffle.startDate,
    endDate: raffle.endDate,
    onlineEntryText: raffle.onlineEntryText,
    postalEntryText: raffle.postalEntryText,
    active: raffle.active,
  };
}
