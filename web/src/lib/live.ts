/**
 * The Firestore SDKs, loaded on demand: the shell and the shop's pages import this module, not
 * an SDK, so their first paint does not wait for (or download with) one.
 *
 * The shop window's reads (`firstReadWithLite`) answer first through Firestore Lite (one REST
 * request each, a fifth of the realtime SDK's weight); the realtime SDK follows and takes over
 * each read with a listener, so counts stay live. On the shop window's pages `main.tsx` holds
 * the realtime SDK back until those first answers are in, so that they do not share a slow
 * phone's network with it.
 */
import { useEffect, useMemo, useState } from 'react';
import type * as FirestoreModule from './firestoreApi';
import type * as LiteModule from './firestoreLiteApi';

export type FirestoreApi = typeof FirestoreModule;
type LiteApi = typeof LiteModule;

/**
 * What references and queries are built with: functions both SDKs have, behaving alike, so one
 * builder serves the first read (Lite) and the live one (the realtime SDK).
 */
export type BuildApi = Pick<
  FirestoreApi,
  | 'collection'
  | 'db'
  | 'doc'
  | 'limit'
  | 'orderBy'
  | 'query'
  | 'shopConverters'
  | 'startAfter'
  | 'where'
>;

let loaded: FirestoreApi | null = null;
let loading: Promise<FirestoreApi> | null = null;
let held: Promise<unknown> = Promise.resolve();

/** Holds the realtime SDK's download back until `until` settles. */
export function holdFirestoreUntil(until: Promise<unknown>): void {
  held = until.catch(() => undefined);
}

/** Loads the realtime SDK once (after any hold) and resolves with it. */
export function loadFirestore(): Promise<FirestoreApi> {
  loading ??= held.then(() => import('./firestoreApi')).then((api) => (loaded = api));
  return loading;
}

let lite: LiteApi | null = null;
let liteLoading: Promise<LiteApi> | null = null;

/** Loads Firestore Lite once and resolves with it. */
export function loadFirestoreLite(): Promise<LiteApi> {
  liteLoading ??= import('./firestoreLiteApi').then((api) => (lite = api));
  return liteLoading;
}

/**
 * How long Lite must have no read in flight before its first reads count as done: a page's
 * reads start in waves (the settings, then what the page shows), and its images load after.
 */
const QUIET_MS = 500;
let liteReadsInFlight = 0;
let quiet: ReturnType<typeof setTimeout> | undefined;
let firstReadsDone: () => void = () => undefined;
/** Settles when the first Lite reads have all answered (or failed) and none followed. */
export const firstLiteReads = new Promise<void>((resolve) => (firstReadsDone = resolve));

/** References built with Lite: read once with it, never listened to. */
const builtWithLite = new WeakSet<object>();
/** The read (a `useWithFirestore` call and its deps) each reference was built for. */
const readOf = new WeakMap<object, object>();

/** Lite and the reference to read once with it, if `ref` was built with Lite. */
export function liteRead<R extends object>(ref: R): { lite: LiteApi; ref: R } | null {
  return lite && builtWithLite.has(ref) ? { lite, ref } : null;
}

/** Counts a Lite read in flight: the first ones settling lets the realtime SDK load. */
export function trackLiteRead(read: Promise<unknown>): void {
  liteReadsInFlight += 1;
  clearTimeout(quiet);
  void read
    .catch(() => undefined)
    .finally(() => {
      liteReadsInFlight -= 1;
      if (liteReadsInFlight === 0) quiet = setTimeout(firstReadsDone, QUIET_MS);
    });
}

/** Whether two references are the same read: Lite's first answer stands in for the other's. */
export function sameRead(a: object | null, b: object | null): boolean {
  const read = a ? readOf.get(a) : undefined;
  return read !== undefined && b !== null && readOf.get(b) === read;
}

function useLoaded<A>(current: () => A | null, load: () => Promise<A>, wanted: boolean): A | null {
  const [api, setApi] = useState(current);
  useEffect(() => {
    if (api || !wanted) return undefined;
    let mounted = true;
    void load().then((sdk) => {
      if (mounted) setApi(sdk);
    });
    return () => {
      mounted = false;
    };
  }, [api, load, wanted]);
  return api;
}

/** The realtime SDK once loaded (null for the first render of a page that starts it). */
export function useFirestoreApi(): FirestoreApi | null {
  return useLoaded(() => loaded, loadFirestore, true);
}

/**
 * A reference or query built once an SDK has loaded (null until then, or when `build` answers
 * null), rebuilt when `deps` change: `build` must depend only on them. With
 * `firstReadWithLite`, it is first built with Firestore Lite (lib/realtime.ts reads that one
 * once), then again with the realtime SDK when it has loaded.
 */
export function useWithFirestore<T>(
  build: (api: BuildApi) => T | null,
  deps: readonly unknown[],
  { firstReadWithLite = false } = {},
): T | null {
  const api = useFirestoreApi();
  const liteApi = useLoaded(() => lite, loadFirestoreLite, firstReadWithLite && !api);
  // One read per set of the caller's deps: its Lite and realtime references share it.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's own dependencies
  const read = useMemo(() => ({}), deps);
  return useMemo(() => {
    const using = api ?? (firstReadWithLite ? liteApi : null);
    if (!using) return null;
    // Lite has each builder function with the same behaviour (BuildApi); only their classes
    // differ, and a Lite reference is only ever read with Lite.
    const built = build(using as unknown as BuildApi);
    if (built !== null && typeof built === 'object') {
      readOf.set(built, read);
      if (!api) builtWithLite.add(built);
    }
    return built;
    // `build` depends only on the caller's deps, which `read` stands for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, liteApi, read]);
}
