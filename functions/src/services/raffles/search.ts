import {
  isSoldOut,
  raffleSearchCollection,
  raffleSearchTerms,
  type Raffle,
  type RaffleSearchData,
} from '@rafflewin/domain';
import { FieldPath, type Firestore } from 'firebase-admin/firestore';
import { rafflesRef } from '../../lib/collections';

/** What the console's pickers find a raffle by, from the raffle. */
export function searchEntryOf(raffle: Raffle): RaffleSearchData {
  return {
    name: raffle.name,
    terms: raffleSearchTerms(raffle.name),
    category: raffle.category,
    active: raffle.active,
    startDate: raffle.startDate,
    endDate: raffle.endDate,
    soldOut: isSoldOut(raffle),
  };
}

const sameEntry = (a: RaffleSearchData | null, b: RaffleSearchData) =>
  a !== null &&
  a.name === b.name &&
  a.category === b.category &&
  a.active === b.active &&
  a.startDate.getTime() === b.startDate.getTime() &&
  a.endDate.getTime() === b.endDate.getTime() &&
  a.soldOut === b.soldOut;

/**
 * Keeps `raffleSearch/{id}` in step with a raffle that was written (`after` null: deleted).
 * Writes only when what is searched or shown changed (sold out only when it flips), not on
 * each ticket sold.
 */
export async function syncRaffleSearch(
  db: Firestore,
  raffleId: string,
  before: Raffle | null,
  after: Raffle | null,
): Promise<void> {
  const ref = db.collection(raffleSearchCollection).doc(raffleId);
  if (!after) {
    await ref.delete();
    return;
  }
  const entry = searchEntryOf(after);
  // A raffle written before the index (or its sold-out flag) existed has none yet: the first
  // write makes it.
  if (before && sameEntry(searchEntryOf(before), entry)) {
    const stored = await ref.get();
    if (stored.exists && stored.get('soldOut') === entry.soldOut) return;
  }
  await ref.set(entry);
}

/**
 * Writes the search entry of every raffle that has none, or one without the sold-out flag
 * (raffles saved before either existed), a page at a time; returns how many it wrote. Safe to
 * run again.
 */
export async function indexUnsearchedRaffles(db: Firestore, pageSize = 200): Promise<number> {
  let written = 0;
  let cursor: string | null = null;
  for (;;) {
    let page = rafflesRef(db).orderBy(FieldPath.documentId()).limit(pageSize);
    if (cursor) page = page.startAfter(cursor);
    const raffles = await page.get();
    if (raffles.empty) return written;
    const entries = await db.getAll(
      ...raffles.docs.map((raffle) => db.collection(raffleSearchCollection).doc(raffle.id)),
    );
    const batch = db.batch();
    raffles.docs.forEach((raffle, index) => {
      const stored = entries[index]!;
      if (stored.exists && typeof stored.get('soldOut') === 'boolean') return;
      batch.set(stored.ref, searchEntryOf(raffle.data()));
      written += 1;
    });
    await batch.commit();
    cursor = raffles.docs[raffles.docs.length - 1]!.id;
  }
}
