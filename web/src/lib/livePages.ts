import {
  endAt,
  limit,
  onSnapshot,
  query,
  startAfter,
  type FirestoreError,
  type Query,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LoadStatus } from './realtime';

export interface LivePages<T> {
  status: LoadStatus;
  items: T[];
  error: FirestoreError | null;
  /** The last page read was full: there may be more after it. */
  hasMore: boolean;
  loadingMore: boolean;
  /** Reads the next page after the last document shown. */
  loadMore(): void;
  /** Starts again from the first page (a refresh). */
  reset(): void;
}

type Page<T> = QueryDocumentSnapshot<T>[] | undefined;

/**
 * A live list read a page at a time: the first `pageSize` documents of `base` (which holds the
 * filters and the order), then, on `loadMore`, the next page after a cursor, each page with
 * its own listener so everything shown stays live. A page followed by another is bounded by
 * cursors (up to and including its last document) rather than by a count, so a document that
 * arrives at the top lengthens the first page instead of pushing one into a gap between pages.
 * Loading more re-listens to the last page only. Pass a stable `base` (useMemo): a new one
 * starts again from the first page.
 */
export function useLivePages<T>(base: Query<T> | null, pageSize: number): LivePages<T> {
  const [cursors, setCursors] = useState<QueryDocumentSnapshot<T>[]>([]);
  const [pages, setPages] = useState<Page<T>[]>([]);
  const [error, setError] = useState<FirestoreError | null>(null);
  const [generation, setGeneration] = useState(0);
  const [tracked, setTracked] = useState({ base, generation });
  const listeners = useRef(new Map<string, () => void>());

  // A new query or a refresh forgets the pages read so far (state adjusted during render).
  if (tracked.base !== base || tracked.generation !== generation) {
    setTracked({ base, generation });
    setCursors([]);
    setPages([]);
    setError(null);
  }

  useEffect(() => {
    const current = listeners.current;
    return () => {
      for (const unsubscribe of current.values()) unsubscribe();
      current.clear();
    };
  }, [base, generation]);

  useEffect(() => {
    if (!base) return;
    const wanted = new Map<string, () => () => void>();
    for (let index = 0; index <= cursors.length; index += 1) {
      const after = index > 0 ? cursors[index - 1] : undefined;
      const until = index < cursors.length ? cursors[index] : undefined;
      const key = `${index}|${after?.id ?? ''}|${until ? `to:${until.id}` : `limit:${pageSize}`}`;
      const pageQuery = query(
        base,
        ...(after ? [startAfter(after)] : []),
        ...(until ? [endAt(until)] : [limit(pageSize)]),
      );
      wanted.set(key, () =>
        onSnapshot(
          pageQuery,
          (snapshot) =>
            setPages((previous) => {
              const next = [...previous];
              next[index] = snapshot.docs;
              return next;
            }),
          setError,
        ),
      );
    }
    for (const [key, unsubscribe] of listeners.current) {
      if (!wanted.has(key)) {
        unsubscribe();
        listeners.current.delete(key);
      }
    }
    for (const [key, listen] of wanted) {
      if (!listeners.current.has(key)) listeners.current.set(key, listen());
    }
  }, [base, cursors, pageSize, generation]);

  const shownCount = cursors.length + 1;
  const items = useMemo(
    () =>
      pages
        .slice(0, shownCount)
        .flatMap((page) => page ?? [])
        .map((snapshot) => snapshot.data()),
    [pages, shownCount],
  );
  const first = pages[0];
  const last = pages[cursors.length];
  const hasMore = last !== undefined && last.length >= pageSize;

  const loadMore = useCallback(() => {
    const end = last?.at(-1);
    if (!end || !hasMore) return;
    setCursors((previous) => [...previous, end]);
  }, [last, hasMore]);
  const reset = useCallback(() => setGeneration((value) => value + 1), []);

  return {
    status: error ? 'error' : first === undefined ? 'loading' : 'success',
    items,
    error,
    hasMore,
    loadingMore: cursors.length > 0 && last === undefined,
    loadMore,
    reset,
  };
}
