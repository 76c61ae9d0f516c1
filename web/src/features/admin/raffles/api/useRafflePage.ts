import { raffleSchema, rafflesCollection, type Raffle } from '@rafflewin/domain';
import {
  documentId,
  getCountFromServer,
  limit,
  orderBy,
  query,
  startAfter,
  type FirestoreError,
} from 'firebase/firestore';
import { useEffect, useMemo, useState } from 'react';
import { typedCollection } from '@/lib/firestoreApi';
import { useQueryData } from '@/lib/realtime';

/** Rows per page of the Manage Raffles table. */
export const RAFFLES_PAGE_SIZE = 10;

const raffles = typedCollection(rafflesCollection, raffleSchema);

/** Where a page starts: after this row of the previous page (newest first). */
interface Cursor {
  createdAt: Date;
  id: string;
}

/**
 * One page of every raffle (inactive ones included: administrators read all), newest first,
 * read on the server a page at a time with cursors and kept live; the total comes from a
 * count() aggregation, never from reading the collection. `refresh` recounts after a create
 * or delete.
 */
export function useRafflePage() {
  const [cursors, setCursors] = useState<Cursor[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [countError, setCountError] = useState<FirestoreError | null>(null);
  const [version, setVersion] = useState(0);
  const cursor = cursors[cursors.length - 1];

  const pageQuery = useMemo(
    () =>
      query(
        raffles,
        orderBy('createdAt', 'desc'),
        orderBy(documentId(), 'desc'),
        ...(cursor ? [startAfter(cursor.createdAt, cursor.id)] : []),
        limit(RAFFLES_PAGE_SIZE),
      ),
    [cursor],
  );
  const page = useQueryData(pageQuery);

  useEffect(() => {
    let live = true;
    getCountFromServer(raffles)
      .then((snapshot) => live && setTotal(snapshot.data().count))
      .catch((error: FirestoreError) => live && setCountError(error));
    return () => {
      live = false;
    };
  }, [version]);

  const pageIndex = cursors.length;
  const last: Raffle | undefined = page.data[page.data.length - 1];
  return {
    ...page,
    error: page.error ?? countError,
    pageIndex,
    total,
    hasNext: total !== null ? (pageIndex + 1) * RAFFLES_PAGE_SIZE < total : false,
    next: () => last && setCursors((c) => [...c, { createdAt: last.createdAt, id: last.id }]),
    previous: () => setCursors((c) => c.slice(0, -1)),
    first: () => setCursors([]),
    refresh: () => setVersion((v) => v + 1),
  };
}
