import {
  ShopError,
  DONATION_MESSAGES,
  WINNER_MESSAGES,
  charityDonationsCollection,
  drawsCollection,
  rafflePath,
  winnersCollection,
  type WinnerData,
} from '@rafflewin/domain';
import type { DocumentData, Firestore, Timestamp, Transaction } from 'firebase-admin/firestore';
import type { Caller } from '../../lib/access';
import { recordAudit } from './audit';
import { refuseIfChangedSince } from './editVersions';

interface ContentTarget {
  /** The collection, e.g. `winners`. */
  collection: string;
  /** Names the audit action: `${entity}.create`, `.update` or `.delete`. */
  entity: string;
  /** Said when an update or delete names a document that does not exist. */
  notFound: string;
  /** Said when an update is made on an older version than the stored one. */
  changedSinceOpened: string;
}

/** The public content administrators edit from the shop's own pages. */
export const CONTENT = {
  winners: {
    collection: winnersCollection,
    entity: 'winner',
    notFound: WINNER_MESSAGES.notFound,
    changedSinceOpened: WINNER_MESSAGES.changedSinceOpened,
  },
  donations: {
    collection: charityDonationsCollection,
    entity: 'donation',
    notFound: DONATION_MESSAGES.notFound,
    changedSinceOpened: DONATION_MESSAGES.changedSinceOpened,
  },
} satisfies Record<string, ContentTarget>;

/** Which document a save writes: a new one (`id` null) or `id`, as its form saw it. */
export interface ContentEdit {
  id: string | null;
  /** The document's `updatedAt` (ms, null when it had none) as the form was filled. */
  seenUpdatedAt?: number | null;
}

/**
 * Adds (`id` null) or replaces an administrator-managed document, with its audit entry, in
 * one transaction. Updating a document that no longer exists is refused, not re-created, and
 * so is one made on an older version than the stored one (`seenUpdatedAt`): the change saved
 * since stays. `data` carries the new `updatedAt`. `check`, given the document's id, reads what
 * else must agree (in the transaction, before any write) and throws to refuse.
 */
export async function saveContent(
  db: Firestore,
  admin: Caller,
  target: ContentTarget,
  { id, seenUpdatedAt }: ContentEdit,
  data: DocumentData & { updatedAt: Date },
  check?: (tx: Transaction, id: string) => Promise<void>,
): Promise<{ id: string; created: boolean }> {
  return db.runTransaction(async (tx) => {
    const collection = db.collection(target.collection);
    const ref = id ? collection.doc(id) : collection.doc();
    const before = id ? await tx.get(ref) : null;
    if (before && !before.exists) throw new ShopError('not-found', target.notFound);
    if (before) {
      const stored = before.get('updatedAt') as Timestamp | undefined;
      refuseIfChangedSince(stored?.toDate(), seenUpdatedAt, target.changedSinceOpened);
    }
    if (check) await check(tx, ref.id);
    tx.set(ref, data);
    recordAudit(db, tx, admin, {
      action: `${target.entity}.${before ? 'update' : 'create'}`,
      target: ref.path,
      before: before?.data() ?? null,
      after: data,
    });
    return { id: ref.id, created: !before };
  });
}

/** The winning number a raffle's draw record names, if it has been drawn with a winner. */
async function drawnWinningNumber(tx: Transaction, db: Firestore, raffleId: string) {
  const record = await tx.get(db.collection(drawsCollection).doc(raffleId));
  const winning = record.get('winningTicketNumber') as number | null | undefined;
  return winning ?? null;
}

/** Whether the raffle is still to be drawn (its draw will add its own card to `/winners`). */
async function stillToDraw(tx: Transaction, db: Firestore, raffleId: string) {
  const raffle = await tx.get(db.doc(rafflePath(raffleId)));
  return raffle.get('drawStatus') === 'pending';
}

/**
 * `/winners` never names another winner than the published draw. A winner the draw recorded
 * (`winners/{raffleId}`) keeps the draw's raffle and winning number: the photo, the prize's
 * details, the date and the name shown (a winner may ask for less publicity) may change. No
 * other card names a raffle drawn with a winner, nor one still to be drawn: either would show a
 * second winner beside the draw's. (Read in the transaction, so a draw recorded meanwhile is
 * seen: the draw writes the raffle's status.)
 */
export function keepsDrawnWinner(
  db: Firestore,
  winner: Pick<WinnerData, 'raffleId' | 'ticketNumber'>,
) {
  return async (tx: Transaction, id: string): Promise<void> => {
    const other = winner.raffleId && winner.raffleId !== id ? winner.raffleId : null;
    const [own, named, pending] = await Promise.all([
      drawnWinningNumber(tx, db, id),
      other ? drawnWinningNumber(tx, db, other) : null,
      other ? stillToDraw(tx, db, other) : false,
    ]);
    if (own !== null && (winner.raffleId !== id || winner.ticketNumber !== String(own))) {
      throw new ShopError('failed-precondition', WINNER_MESSAGES.drawnFixed);
    }
    if (named !== null) throw new ShopError('failed-precondition', WINNER_MESSAGES.drawnHasWinner);
    if (pending) throw new ShopError('failed-precondition', WINNER_MESSAGES.notDrawnYet);
  };
}

/** The draw's own winner is not taken off `/winners` (account deletion alone removes it). */
export function keepsDrawnWinnerListed(db: Firestore) {
  return async (tx: Transaction, id: string): Promise<void> => {
    if ((await drawnWinningNumber(tx, db, id)) !== null) {
      throw new ShopError('failed-precondition', WINNER_MESSAGES.drawnKept);
    }
  };
}

/**
 * Deletes an administrator-managed document, with its audit entry, in one transaction; `check`
 * as for `saveContent`.
 */
export async function deleteContent(
  db: Firestore,
  admin: Caller,
  target: ContentTarget,
  id: string,
  check?: (tx: Transaction, id: string) => Promise<void>,
): Promise<void> {
  await db.runTransaction(async (tx) => {
    const ref = db.collection(target.collection).doc(id);
    const before = await tx.get(ref);
    if (!before.exists) throw new ShopError('not-found', target.notFound);
    if (check) await check(tx, id);
    tx.delete(ref);
    recordAudit(db, tx, admin, {
      action: `${target.entity}.delete`,
      target: ref.path,
      before: before.data() ?? null,
      after: null,
    });
  });
}
