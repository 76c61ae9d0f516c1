/**
 * The Firestore SDK, loaded on demand: the shell and the shop window import this module, not
 * the SDK, so their first paint does not wait for (or download with) the realtime SDK; it
 * loads once the first screen has its reads and the page has loaded (loadFirestoreAfter), and
 * their live reads start then.
 */
import { useEffect, useMemo, useState } from 'react';
import type * as FirestoreModule from './firestoreApi';

export type FirestoreApi = typeof FirestoreModule;

let loaded: FirestoreApi | null = null;
let loading: Promise<FirestoreApi> | null = null;
/** What the SDK's download waits for (loadFirestoreAfter). */
let first: Promise<unknown> = Promise.resolve();

/**
 * Loads the SDK once and resolves with it. A download that failed (the connection lost before
 * it came) rejects its callers, and the next call asks again (where the browser fetches a
 * failed module again; Chromium answers with the same failure).
 */
export function loadFirestore(): Promise<FirestoreApi> {
  const load = () => import('./firestoreApi');
  loading ??= first.then(load, load).then(
    (api) => (loaded = api),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The longest the SDK waits for the first screen. */
const FIRST_SCREEN_WAIT_MS = 3000;
/** The longest it then waits for the main thread to be idle. */
const IDLE_WAIT_MS = 1000;

/** Resolves once the page has loaded (its images too) and the main thread is idle. */
function loadedAndIdle(): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => {
      if ('requestIdleCallback' in window) {
        requestIdleCallback(() => resolve(), { timeout: IDLE_WAIT_MS });
      } else {
        setTimeout(resolve, 0);
      }
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
}

/**
 * Loads the SDK once `reads` have settled, the page has loaded and the main thread is idle
 * (or after a few seconds at most): on a slow line its 100 KB would share the bandwidth with
 * the first screen's own code, reads and images, and on a slow phone its start-up would hold
 * up the paint of what they brought (measured side by side, 6 runs each: the listings' largest
 * paint 4.0 -> 3.4 s). Whatever asks for the SDK meanwhile gets it then.
 */
export function loadFirestoreAfter(reads: Promise<unknown>): void {
  const cap = new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS));
  first = Promise.race([reads.then(loadedAndIdle, loadedAndIdle), cap]);
  // Not downloaded: whatever needs it asks again (and is told so).
  loadFirestore().catch(() => {});
}

let answered = false;

/** Notes that a listener has had the server's answer: the SDK's channel is open. */
export function noteServerAnswer(): void {
  answered = true;
}

/**
 * Whether a read should also be answered early (lib/shopReads.ts): only until the SDK's
 * channel has answered once. After that its listeners answer as fast as a REST read would, and
 * reading twice would only double the reads.
 */
export function readsEarly(): boolean {
  return !answered;
}

/**
 * The SDK once loaded (null for the first render of a page that starts it). When its download
 * fails (the connection lost), the page keeps what its first reads showed: Chromium keeps a
 * failed module's failure for the rest of the page, so its live reads start at the next load.
 */
export function useFirestoreApi(): FirestoreApi | null {
  const [api, setApi] = useState(loaded);
  useEffect(() => {
    if (api) return undefined;
    let current = true;
    loadFirestore().then(
      (sdk) => {
        if (current) setApi(sdk);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [api]);
  return api;
}

/**
 * A reference or query built with the SDK once it has loaded (null until then, or when
 * `build` answers null), rebuilt when `deps` change: `build` must depend only on them.
 */
export function useWithFirestore<T>(
  build: (api: FirestoreApi) => T | null,
  deps: readonly unknown[],
): T | null {
  const api = useFirestoreApi();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's own dependencies
  return useMemo(() => (api ? build(api) : null), [api, ...deps]);
}
