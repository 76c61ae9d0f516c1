import { entriesPath, entrySchema, valueAtRank, type Entry } from '@rafflewin/domain';
import {
  collection,
  getCountFromServer,
  getDocs,
  limit,
  limitToLast,
  orderBy,
  query,
  where,
  type CollectionReference,
  type QueryConstraint,
} from 'firebase/firestore';
import { useEffect, useMemo, useRef, useState } from 'react';
import { db } from '@/lib/firebase';
import { converterFor } from '@/lib/firestore';
import type { LoadStatus } from '@/lib/realtime';

const converter = converterFor(entrySchema);

/** What is known of each page already read: its first and last ticket numbers. */
interface PageBounds {
  first: number;
  last: number;
}

async function readPage(
  entries: CollectionReference<Entry>,
  page: number,
  size: number,
  known: Map<number, PageBounds>,
): Promise<Entry[]> {
  const byNumber = orderBy('ticketNumber');
  const read = async (...constraints: QueryConstraint[]) =>
    (await getDocs(query(entries, byNumber, ...constraints))).docs.map((d) => d.data());

  if (page === 0) return read(limit(size));
  const previous = known.get(page - 1);
  if (previous) return read(where('ticketNumber', '>', previous.last), limit(size));
  const next = known.get(page + 1);
  if (next) return read(where('ticketNumber', '<', next.first), limitToLast(size));

  // A jump to a page not next to one already read: find its first number by counting.
  const [highest] = await read(limitToLast(1));
  if (!highest) return [];
  const countBelow = async (value: number) =>
    (await getCountFromServer(query(entries, where('ticketNumber', '<', value)))).data().count;
  const first = await valueAtRank(page * size, 1, highest.ticketNumber, countBelow);
  return first === null ? [] : read(where('ticketNumber', '>=', first), limit(size));
}

/**
 * One page of a raffle's public entry list, sorted by ticket number. Pages are read from
 * Firestore one at a time with cursors (the numbers bounding pages already read); a jump
 * further away finds its first number with count queries. The list never loads every ticket.
 */
export function useEntryPage(raffleId: string, page: number, size: number) {
  const entries = useMemo(
    () => collection(db, entriesPath(raffleId)).withConverter(converter),
    [raffleId],
  );
  const known = useRef(new Map<number, PageBounds>());
  const [state, setState] = useState<{ status: LoadStatus; entries: Entry[]; page: number }>({
    status: 'loading',
    entries: [],
    page,
  });

  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, status: 'loading', page }));
    readPage(entries, page, size, known.current)
      .then((rows) => {
        if (!live) return;
        const [first, last] = [rows[0], rows.at(-1)];
        if (first && last) {
          known.current.set(page, { first: first.ticketNumber, last: last.ticketNumber });
        }
        setState({ status: 'success', entries: rows, page });
      })
      .catch(() => live && setState({ status: 'error', entries: [], page }));
    return () => {
      live = false;
    };
  }, [entries, page, size]);

  return state;
}
