/**
 * A list read from Firestore a page at a time with cursors: each page is one query with
 * `limit(pageSize + 1)` (the extra document says whether there is a next page) starting after
 * the last document of the page before. Nothing before or after the page is read.
 */
import type { Query, QueryDocumentSnapshot } from 'firebase/firestore';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useRefusalReported } from './accessRefusal';
import { loadFirestore } from './live';
import type { LoadStatus } from './realtime';

export interface Page<T> {
  items: T[];
  /** The page's last document: the next page starts after it. */
  last: QueryDocumentSnapshot<T> | undefined;
  hasNext: boolean;
}

/** A filtered page reads at most this many batches before it settles for fewer items. */
const MAX_READS_PER_PAGE = 10;

interface ReadOptions<T> {
  /** A filter Firestore cannot apply (a second search word). */
  keep?: ((item: T) => boolean) | undefined;
  /**
   * Only the server's answer: offline, the read fails rather than answering from the cache,
   * which may hold part of the list or none of it.
   */
  fromServer?: boolean;
}

/**
 * One page of `base` (filtered and ordered) after a cursor (none: the first page). With
 * `keep`, batches are read until the page is full or the list ends, so a page is never short
 * while a next one is offered (unless ten batches in a row hold too few matches: then the page
 * says there is more).
 */
export async function readPage<T>(
  base: Query<T>,
  pageSize: number,
  after: QueryDocumentSnapshot<T> | undefined,
  { keep, fromServer = false }: ReadOptions<T> = {},
): Promise<Page<T>> {
  const firestore = await loadFirestore();
  const { limit, query, startAfter } = firestore;
  const getDocs = fromServer ? firestore.getDocsFromServer : firestore.getDocs;
  const kept: Array<QueryDocumentSnapshot<T>> = [];
  let cursor = after;
  let ended = false;
  for (let read = 0; read < (keep ? MAX_READS_PER_PAGE : 1); read += 1) {
    const constraints = cursor ? [startAfter(cursor), limit(pageSize + 1)] : [limit(pageSize + 1)];
    const snapshot = await getDocs(query(base, ...constraints));
    ended = snapshot.docs.length <= pageSize;
    for (const doc of snapshot.docs) {
      if (!keep || keep(doc.data())) kept.push(doc);
      if (kept.length > pageSize) break;
    }
    cursor = snapshot.docs.at(-1);
    if (kept.length > pageSize || ended) break;
  }
  const docs = kept.slice(0, pageSize);
  return {
    items: docs.map((doc) => doc.data()),
    last: docs.at(-1) ?? cursor,
    hasNext: kept.length > pageSize || !ended,
  };
}

/**
 * Every page of `base`, `pageSize` documents at a time: no single read is unbounded. For a
 * file someone keeps (an export), so each page is the server's: offline, it fails rather than
 * hand over what the cache happens to hold.
 */
export async function* pagesOf<T>(base: Query<T>, pageSize: number): AsyncGenerator<T[]> {
  let after: QueryDocumentSnapshot<T> | undefined;
  for (;;) {
    const page: Page<T> = await readPage(base, pageSize, after, { fromServer: true });
    yield page.items;
    if (!page.hasNext) return;
    after = page.last;
  }
}

export interface PagedQuery<T> {
  status: LoadStatus;
  items: T[];
  /** 0-based. */
  page: number;
  hasNext: boolean;
  next: () => void;
  previous: () => void;
  /** Reads the current page again. */
  refresh: () => void;
}

interface Paging<T> {
  base: Query<T> | null;
  /** cursors[n] is the last document of page n - 1 (undefined for page 0). */
  cursors: Array<QueryDocumentSnapshot<T> | undefined>;
  page: number;
}

/**
 * Pages of `base` (already filtered and ordered); a new `base` starts again at page 0. The page
 * shown is live (one listener, on that page's query alone). `keep` (stable: memoised with
 * `base`) filters what Firestore cannot, filling each page; such a page is read once.
 */
export function usePagedQuery<T>(
  base: Query<T> | null,
  pageSize: number,
  keep?: (item: T) => boolean,
): PagedQuery<T> {
  const [stored, setPaging] = useState<Paging<T>>({ base, cursors: [undefined], page: 0 });
  const paging = useMemo<Paging<T>>(
    () => (stored.base === base ? stored : { base, cursors: [undefined], page: 0 }),
    [stored, base],
  );
  const [reads, setReads] = useState(0);
  const [state, setState] = useState<{
    status: LoadStatus;
    items: T[];
    hasNext: boolean;
    last: QueryDocumentSnapshot<T> | undefined;
    error?: unknown;
  }>({ status: 'loading', items: [], hasNext: false, last: undefined });

  const cursor = paging.cursors[paging.page];
  useEffect(() => {
    if (!base) return undefined;
    let live = true;
    let stop: (() => void) | undefined;
    setState((s) => ({ ...s, status: 'loading' }));
    const failed = (error: unknown) =>
      live && setState({ status: 'error', items: [], hasNext: false, last: undefined, error });
    if (keep) {
      // A filter Firestore cannot apply reads batches until the page is full: read once.
      readPage(base, pageSize, cursor, { keep })
        .then((page) => live && setState({ status: 'success', ...page }))
        .catch(failed);
    } else {
      // Live: an order paid or a ticket issued while the list is open shows at once.
      loadFirestore()
        .then(({ limit, onSnapshot, query, startAfter }) => {
          if (!live) return;
          const constraints = cursor
            ? [startAfter(cursor), limit(pageSize + 1)]
            : [limit(pageSize + 1)];
          let answered = false;
          stop = onSnapshot(
            query(base, ...constraints),
            { includeMetadataChanges: true },
            (snapshot) => {
              // The first answer is the server's (the cache may hold a few of the documents,
              // those another page read), as readPage's; offline, the cache is all there is.
              if (!answered && snapshot.metadata.fromCache && navigator.onLine) return;
              if (answered && snapshot.docChanges().length === 0) return;
              answered = true;
              const docs = snapshot.docs.slice(0, pageSize);
              setState({
                status: 'success',
                items: docs.map((doc) => doc.data()),
                last: docs.at(-1),
                hasNext: snapshot.docs.length > pageSize,
              });
            },
            failed,
          );
        })
        .catch(failed);
    }
    return () => {
      live = false;
      stop?.();
    };
  }, [base, cursor, pageSize, keep, reads]);
  useRefusalReported(state.error);

  const { hasNext, last } = state;
  const next = useCallback(() => {
    if (!hasNext || !last) return;
    setPaging({
      base: paging.base,
      cursors: [...paging.cursors.slice(0, paging.page + 1), last],
      page: paging.page + 1,
    });
  }, [hasNext, last, paging]);
  const previous = useCallback(
    () => setPaging({ ...paging, page: Math.max(0, paging.page - 1) }),
    [paging],
  );
  const refresh = useCallback(() => setReads((n) => n + 1), []);

  return {
    status: state.status,
    items: state.items,
    hasNext: state.hasNext,
    page: paging.page,
    next,
    previous,
    refresh,
  };
}
