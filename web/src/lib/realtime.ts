/**
 * Live Firestore reads as React state (the SDK loaded through lib/live.ts). (Chosen over reactfire, whose single entry module
 * imports the Realtime Database, Storage and Remote Config SDKs into every shopper's first
 * load: about a third of the bundle for SDKs this shop never uses.)
 */
import type { DocumentReference, FirestoreError, Query } from 'firebase/firestore';
import { startTransition, useEffect, useState } from 'react';
import { useRefusalReported } from './accessRefusal';
import { noteServerAnswer, readsEarly, useFirestoreApi } from './live';

export type LoadStatus = 'loading' | 'success' | 'error';

export interface Loaded<T> {
  status: LoadStatus;
  data: T;
  error: FirestoreError | null;
}

const LOADING = { status: 'loading', error: null } as const;
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
 * reference reads as loading at once, never as the previous one's document.
 */
export function useDocumentData<T>(ref: DocumentReference<T> | null): Loaded<T | undefined> {
  const [state, setState] = useState<Answered<DocumentReference<T>, T | undefined>>({
    ...LOADING,
    data: undefined,
    source: null,
  });
  const api = useFirestoreApi();
  useEffect(() => {
    if (!ref || !api) return undefined;
    return api.onSnapshot(
      ref,
      (snapshot) => {
        if (!snapshot.metadata.fromCache) noteServerAnswer();
        // A transition: the render an answer causes yields to the browser as it goes (a page
        // of cards is many small tasks, not one long one that holds up input and paint).
        startTransition(() =>
          setState({ status: 'success', data: snapshot.data(), error: null, source: ref }),
        );
      },
      (error) => setState({ status: 'error', data: undefined, error, source: ref }),
    );
  }, [ref, api]);
  useRefusalReported(state.error);
  if (!ref || state.source !== ref) return LOADING_DOCUMENT;
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
        if (!snapshot.metadata.fromCache) noteServerAnswer();
        // After that, only changes to the results matter, not to their metadata.
        if (answered && snapshot.docChanges().length === 0) return;
        answered = true;
        const data = snapshot.docs.map((d) => d.data());
        // A transition, as for a document (above).
        startTransition(() => setState({ status: 'success', data, error: null, source: q }));
      },
      (error) => setState({ status: 'error', data: [], error, source: q }),
    );
  }, [q, api]);
  useRefusalReported(state.error);
  if (!q) return LOADING_QUERY;
  // Until the new query answers, the previous results stay on screen, marked as loading.
  if (state.source !== q)
    return state.status === 'loading' ? state : { ...state, status: 'loading' };
  return state;
}

/**
 * Whether a document's answer from the SDK is only its cache's guess: when its channel fails,
 * the SDK goes offline and answers from the cache, which says "no such document" for what it
 * has never read. Until the channel has answered once, an early read that found the document
 * knows better.
 */
export function missingFromCache(live: Loaded<unknown>): boolean {
  return live.status === 'success' && live.data === undefined && readsEarly();
}
