/**
 * Live Firestore reads as React state (the SDK loaded through lib/live.ts). (Chosen over reactfire, whose single entry module
 * imports the Realtime Database, Storage and Remote Config SDKs into every shopper's first
 * load: about a third of the bundle for SDKs this shop never uses.)
 */
import type { DocumentReference, FirestoreError, Query } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { liteRead, sameRead, trackLiteRead, useFirestoreApi } from './live';

export type LoadStatus = 'loading' | 'success' | 'error';

export interface Loaded<T> {
  status: LoadStatus;
  data: T;
  error: FirestoreError | null;
}

const LOADING = { status: 'loading', error: null } as const;

/**
 * Whether a listener's answer is what Lite's first read already showed: the shown data is then
 * kept (same objects), so nothing on the page renders again for it.
 */
function unchanged(shown: unknown, answer: unknown): boolean {
  return JSON.stringify(shown) === JSON.stringify(answer);
}
/** The same objects every time, so hooks that depend on them see no change while waiting. */
const LOADING_DOCUMENT: Loaded<undefined> = { ...LOADING, data: undefined };
const NO_RESULTS: never[] = [];
const LOADING_QUERY: Loaded<never[]> = { ...LOADING, data: NO_RESULTS };

/** What a listener last answered, and for which reference or query. */
interface Answered<K, T> extends Loaded<T> {
  source: K | null;
}

/**
 * Subscribes to one document. Pass a stable reference (module scope or useMemo): a new
 * reference on every render would re-subscribe on every render. `null` waits. A new
 * reference reads as loading at once, never as the previous one's document. A reference built
 * with Firestore Lite (lib/live.ts) is read once; the same read's realtime reference then
 * keeps that answer on screen until its listener answers.
 */
export function useDocumentData<T>(ref: DocumentReference<T> | null): Loaded<T | undefined> {
  const [state, setState] = useState<Answered<DocumentReference<T>, T | undefined>>({
    ...LOADING,
    data: undefined,
    source: null,
  });
  const api = useFirestoreApi();
  useEffect(() => {
    const once = ref && liteRead(ref);
    if (once) {
      let current = true;
      const read = once.lite.getDoc(once.ref as never).then((snapshot) => {
        const data = snapshot.data() as T | undefined;
        if (current) setState({ status: 'success', data, error: null, source: once.ref });
      });
      // A failed first read leaves the page waiting for the listener, which answers for both.
      trackLiteRead(read);
      return () => {
        current = false;
      };
    }
    if (!ref || !api) return undefined;
    return api.onSnapshot(
      ref,
      (snapshot) => {
        const data = snapshot.data();
        setState((shown) =>
          sameRead(shown.source, ref) && unchanged(shown.data, data)
            ? { ...shown, source: ref }
            : { status: 'success', data, error: null, source: ref },
        );
      },
      (error) => setState({ status: 'error', data: undefined, error, source: ref }),
    );
  }, [ref, api]);
  if (!ref || (state.source !== ref && !sameRead(state.source, ref))) return LOADING_DOCUMENT;
  return state;
}

/**
 * Subscribes to a query. Pass a stable query (useMemo); `null` waits. A new query reads as
 * loading at once (its previous results may stay on screen, marked so): never as the answer
 * to the new one (a cart showing £0.00 for a moment).
 */
export function useQueryData<T>(q: Query<T> | null): Loaded<T[]> {
  const [state, setState] = useState<Answered<Query<T>, T[]>>({
    ...LOADING,
    data: [],
    source: null,
  });
  const api = useFirestoreApi();
  useEffect(() => {
    const once = q && liteRead(q);
    if (once) {
      let current = true;
      const read = once.lite.getDocs(once.ref as never).then((snapshot) => {
        const data = snapshot.docs.map((d) => d.data() as T);
        if (current) setState({ status: 'success', data, error: null, source: once.ref });
      });
      // A failed first read leaves the page waiting for the listener, which answers for both.
      trackLiteRead(read);
      return () => {
        current = false;
      };
    }
    if (!q || !api) return undefined;
    let answered = false;
    return api.onSnapshot(
      q,
      // Metadata changes too, to hear when the server confirms what the cache said.
      { includeMetadataChanges: true },
      (snapshot) => {
        // The first answer comes from the server: what this browser's cache holds may be a
        // few of the documents (those another page read), not the answer. Offline, the
        // cache is all there is.
        if (!answered && snapshot.metadata.fromCache && navigator.onLine) return;
        // After that, only changes to the results matter, not to their metadata.
        if (answered && snapshot.docChanges().length === 0) return;
        answered = true;
        const data = snapshot.docs.map((d) => d.data());
        setState((shown) =>
          sameRead(shown.source, q) && unchanged(shown.data, data)
            ? { ...shown, source: q }
            : { status: 'success', data, error: null, source: q },
        );
      },
      (error) => setState({ status: 'error', data: [], error, source: q }),
    );
  }, [q, api]);
  if (!q) return LOADING_QUERY;
  // Lite's first answer to the same read stands until the listener answers.
  if (state.source !== q && sameRead(state.source, q)) return state;
  // Until the new query answers, the previous results stay on screen, marked as loading.
  if (state.source !== q)
    return state.status === 'loading' ? state : { ...state, status: 'loading' };
  return state;
}
