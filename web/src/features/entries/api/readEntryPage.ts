import { valueAtRank, type Entry } from '@rafflewin/domain';
import {
  getCountFromServer,
  getDocs,
  limit,
  limitToLast,
  orderBy,
  query,
  where,
  type CollectionReference,
  type Query,
  type QueryConstraint,
} from 'firebase/firestore';

/** What is known of each page already read: its first and last ticket numbers. */
export interface PageBounds {
  first: number;
  last: number;
}

/** The two kinds of read the entry list makes (the benchmark counts them). */
export interface EntryReads {
  docs(q: Query<Entry>): Promise<Entry[]>;
  count(q: Query<Entry>): Promise<number>;
}

export const firestoreEntryReads: EntryReads = {
  docs: async (q) => (await getDocs(q)).docs.map((d) => d.data()),
  count: async (q) => (await getCountFromServer(q)).data().count,
};

/** How many entries the list holds (a count query: never reads them). */
export function countEntries(
  entries: CollectionReference<Entry>,
  reads: EntryReads = firestoreEntryReads,
): Promise<number> {
  return reads.count(entries);
}

/**
 * Reads one page of a raffle's entries, sorted by ticket number, with cursors: the numbers
 * bounding pages already read (`known`). A jump further away finds its first number with
 * count queries. Never loads every entry.
 */
export async function readEntryPage(
  entries: CollectionReference<Entry>,
  page: number,
  size: number,
  known: Map<number, PageBounds>,
  reads: EntryReads = firestoreEntryReads,
): Promise<Entry[]> {
  const byNumber = orderBy('ticketNumber');
  const read = (...constraints: QueryConstraint[]) =>
    reads.docs(query(entries, byNumber, ...constraints));

  if (page === 0) return read(limit(size));
  const previous = known.get(page - 1);
  if (previous) return read(where('ticketNumber', '>', previous.last), limit(size));
  const next = known.get(page + 1);
  if (next) return read(where('ticketNumber', '<', next.first), limitToLast(size));

  // A jump to a page not next to one already read: find its first number by counting.
  const [highest] = await read(limitToLast(1));
  if (!highest) return [];
  const countBelow = (value: number) =>
    reads.count(query(entries, where('ticketNumber', '<', value)));
  const first = await valueAtRank(page * size, 1, highest.ticketNumber, countBelow);
  return first === null ? [] : read(where('ticketNumber', '>=', first), limit(size));
}
