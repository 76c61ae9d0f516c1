/**
 * Live Firestore reads as React state. (Chosen over reactfire, whose single entry module
 * imports the Realtime Database, Storage and Remote Config SDKs into every shopper's first
 * load: about a third of the bundle for SDKs this shop never uses.)
 */
import {
  onSnapshot,
  type DocumentReference,
  type FirestoreError,
  type Query,
} from 'firebase/firestore';
import { useEffect, useState } from 'react';

export type LoadStatus = 'loading' | 'success' | 'error';

export interface Loaded<T> {
  status: LoadStatus;
  data: T;
  error: FirestoreError | null;
}

const LOADING_DOCUMENT = { status: 'loading', data: undefined, error: null } as const;

/**
 * Subscribes to one document. Pass a stable reference (module scope or useMemo): a new
 * reference on every render would re-subscribe on every render. `null` waits.
 */
export function useDocumentData<T>(ref: DocumentReference<T> | null): Loaded<T | undefined> {
  const [state, setState] = useState<Loaded<T | undefined>>({
    status: 'loading',
    data: undefined,
    error: null,
  });
  useEffect(() => {
    // Waiting again (e.g. after sign-out) forgets the previous document.
    setState((s) => (s.status === 'loading' && !s.data ? s : LOADING_DOCUMENT));
    if (!ref) return undefined;
    return onSnapshot(
      ref,
      (snapshot) => setState({ status: 'success', data: snapshot.data(), error: null }),
      (error) => setState({ status: 'error', data: undefined, error }),
    );
  }, [ref]);
  return state;
}

/** Subscribes to a query. Pass a stable query (useMemo); `null` waits. */
export function useQueryData<T>(q: Query<T> | null): Loaded<T[]> {
  const [state, setState] = useState<Loaded<T[]>>({ status: 'loading', data: [], error: null });
  useEffect(() => {
    setState((s) => (s.status === 'loading' ? s : { ...s, status: 'loading' }));
    if (!q) return undefined;
    return onSnapshot(
      q,
      (snapshot) =>
        setState({ status: 'success', data: snapshot.docs.map((d) => d.data()), error: null }),
      (error) => setState({ status: 'error', data: [], error }),
    );
  }, [q]);
  return state;
}
