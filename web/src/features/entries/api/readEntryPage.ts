import type { Entry } from '@rafflewin/domain';
import {
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

/** The two kinds of read the entry list makes (entryReads.ts; the benchmark counts them). */
export interface EntryReads {
  /** A page's query: the rules let a customer read an entry list a page at a time only. */
  docs(q: Query<Entry>): Promise<Entry[]>;
  /** The ticket number at a rank of the list, found by the server (locateEntry). */
  locate(raffleId: string, rank: number): Promise<number | null>;
}

/**
 * Reads one page of a raffle's entries, sorted by ticket number, with cursors: the numbers
 * bounding pages already read (`known`). A jump further away asks the server where its page
 * starts (count queries there, rate limited). Never loads every entry.
 */
export async function readEntryPage(
  raffleId: string,
  entries: CollectionReference<Entry>,
  page: number,
  size: number,
  known: Map<number, PageBounds>,
  reads: EntryReads,
): Promise<Entry[]> {
  const byNumber = orderBy('ticketNumber');
  const read = (...constraints: QueryConstraint[]) =>
    reads.docs(query(entries, byNumber, ...constraints));

  if (page === 0) return read(limit(size));
  const previous = known.get(page - 1);
  if (previous) return read(where('ticketNumber', '>', previous.last), limit(size));
  const next = known.get(page + 1);
  if (next) return read(where('ticketNumber', '<', next.first), limitToLast(size));

  // A jump to a page not next to one already read: the server finds its first number.
  const first = await reads.locate(raffleId, page * size);
  return first === null ? [] : read(where('ticketNumber', '>=', first), limit(size));
}
