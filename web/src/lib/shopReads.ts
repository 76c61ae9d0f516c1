/**
 * The shop window's live reads with an early first answer: a query or document the realtime
 * SDK listens to (and keeps live) once it has loaded, and which Firestore's REST API answers
 * meanwhile (lib/earlyReads.ts, a lazy chunk), so the first screen paints without waiting for
 * the SDK (about 100 KB) and its channel's round trips. The SDK's answer replaces the early one
 * as soon as it comes; a failed early read changes nothing (the page waits for the SDK as
 * before). Once the SDK's channel has answered, nothing is read early: it answers as fast.
 */
import type { CarouselSlide, DrawRecord, Raffle, SiteSettings } from '@rafflewin/domain';
import type { FirestoreDataConverter } from 'firebase/firestore';
import { startTransition, useEffect, useRef, useState } from 'react';
import { readsEarly, useWithFirestore } from './live';
import { missingFromCache, useDocumentData, useQueryData, type Loaded } from './realtime';
import type * as EarlyReads from './earlyReads';
import type { QueryShape } from './restQuery';
import type * as RestShop from './restShop';

export type { QueryShape } from './restQuery';

/** What each kind of document read early reads as (its schema lives in lib/earlyReads.ts). */
export interface ShopDocuments {
  carouselSlide: CarouselSlide;
  drawRecord: DrawRecord;
  raffle: Raffle;
  siteSettings: SiteSettings & { id: string };
}
export type ShopKind = keyof ShopDocuments;

/** Early answers started, by what they read: each is read once, however many ask. */
const started = new Map<string, Promise<unknown>>();

/**
 * Starts the early read for `key` unless it has started or the SDK's channel has answered;
 * resolves once it has answered (or failed).
 */
function startEarly<T>(key: string, read: () => Promise<T>): Promise<{ value: T } | null> {
  if (!started.has(key) && readsEarly()) {
    started.set(
      key,
      read().then(
        (value) => ({ value }),
        () => null,
      ),
    );
  }
  return (started.get(key) as Promise<{ value: T } | null> | undefined) ?? Promise.resolve(null);
}

/**
 * The early answer for `key` (null until it has come, when it failed, or when the SDK's channel
 * was already open). The read starts during render, so it is on its way before the page commits,
 * unless the first screen started it as the page's script ran (app/firstScreen.ts).
 */
function useEarlyAnswer<T>(key: string | null, read: () => Promise<T>): { value: T } | null {
  if (key !== null) void startEarly(key, read);
  const [answer, setAnswer] = useState<{ key: string; value: T } | null>(null);
  useEffect(() => {
    const pending = key === null ? undefined : started.get(key);
    if (!pending) return undefined;
    let current = true;
    void (pending as Promise<{ value: T } | null>).then((early) => {
      // A transition, as for the SDK's answers (lib/realtime.ts): a page of cards renders in
      // small tasks that yield to the browser.
      if (current && early) startTransition(() => setAnswer({ key: key!, value: early.value }));
    });
    return () => {
      current = false;
    };
  }, [key]);
  return answer !== null && answer.key === key ? answer : null;
}

/**
 * The SDK's answer, or the early one where it `outranks` the SDK's: by default while the SDK's
 * is still loading.
 */
function earlyWhileLoading<T>(
  live: Loaded<T>,
  early: { value: T } | null,
  outranks = live.status === 'loading',
): Loaded<T> {
  return outranks && early ? { status: 'success', data: early.value, error: null } : live;
}

const loadEarlyReads = () => import('./earlyReads');

const queryKey = (kind: ShopKind, shape: QueryShape) => JSON.stringify([kind, shape]);
const documentKey = (kind: ShopKind, path: string, mayExist: boolean) =>
  JSON.stringify([kind, path, mayExist]);

/**
 * A read leaves once its few hundred bytes of REST code have come (lib/restShop.ts), while the
 * schemas that check its answer (zod) download beside it.
 */
function sentThenChecked<S, T>(
  send: (rest: typeof RestShop) => Promise<S>,
  check: (early: typeof EarlyReads, sent: S) => T,
): Promise<T> {
  return Promise.all([loadEarlyReads(), import('./restShop').then(send)]).then(([early, sent]) =>
    check(early, sent),
  );
}

const readQuery = <K extends ShopKind>(kind: K, shape: QueryShape) =>
  sentThenChecked(
    (rest) => rest.sendShopQuery(shape),
    (early, documents) => early.checkQueryAnswer(kind, documents),
  );

const readDocument = <K extends ShopKind>(kind: K, path: string) =>
  sentThenChecked(
    (rest) => rest.sendShopDocumentRead(path),
    (early, data) => early.checkDocumentAnswer(kind, path, data),
  );

/** Starts the early read `useShopQuery(kind, shape)` will answer with, before it renders. */
export function startShopQuery<K extends ShopKind>(
  kind: K,
  shape: QueryShape,
): Promise<{ value: ShopDocuments[K][] } | null> {
  return startEarly(queryKey(kind, shape), () => readQuery(kind, shape));
}

/** Starts the early read `useShopDocument(kind, path)` will answer with, before it renders. */
export function startShopDocument<K extends ShopKind>(
  kind: K,
  path: string,
): Promise<{ value: ShopDocuments[K] | undefined } | null> {
  return startEarly(documentKey(kind, path, true), () => readDocument(kind, path));
}

/** Deep equality for documents as read (plain data and Dates). */
const sameDocument = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * `data` with each document that has not changed since the last answer kept as the object shown
 * before (and the list itself when nothing changed), so memoised rows render again only for
 * what changed: the SDK's answer after the early one, a sold count moving on one card.
 */
function useUnchangedKept<T extends { id: string }>(data: T[]): T[] {
  const shown = useRef(data);
  const previous = shown.current;
  if (previous !== data) {
    const byId = new Map(previous.map((item) => [item.id, item]));
    const kept = data.map((item) => {
      const before = byId.get(item.id);
      return before && sameDocument(before, item) ? before : item;
    });
    const unchanged =
      kept.length === previous.length && kept.every((item, index) => item === previous[index]);
    shown.current = unchanged ? previous : kept;
  }
  return shown.current;
}

/** A live query for the shop window, answered early (above). `null` waits. */
export function useShopQuery<K extends ShopKind>(
  kind: K,
  shape: QueryShape | null,
): Loaded<ShopDocuments[K][]> {
  const key = shape && queryKey(kind, shape);
  const live = useQueryData(
    useWithFirestore(
      ({ collection, db, limit, orderBy, query, shopConverters, where }) =>
        shape &&
        query(
          collection(db, shape.collection).withConverter(
            shopConverters[kind] as FirestoreDataConverter<ShopDocuments[K]>,
          ),
          ...shape.where.map(([field, op, value]) => where(field, op, value)),
          orderBy(...shape.orderBy),
          limit(shape.limit),
        ),
      [key],
    ),
  );
  const early = useEarlyAnswer(key, () => readQuery(kind, shape!));
  const answer = earlyWhileLoading(live, early);
  const data = useUnchangedKept(answer.data);
  return data === answer.data ? answer : { ...answer, data };
}

/**
 * A live document for the shop window, answered early (above). `mayExist` is what the caller
 * knows beforehand: false answers "no such document" early without a read (a missing document
 * answers 404 over REST, which the browser reports as an error), null waits until it knows.
 */
export function useShopDocument<K extends ShopKind>(
  kind: K,
  path: string,
  mayExist: boolean | null = true,
): Loaded<ShopDocuments[K] | undefined> {
  const live = useDocumentData(
    useWithFirestore(
      ({ db, doc, shopConverters }) =>
        doc(db, path).withConverter(
          shopConverters[kind] as FirestoreDataConverter<ShopDocuments[K]>,
        ),
      [kind, path],
    ),
  );
  const early = useEarlyAnswer(
    mayExist === null ? null : documentKey(kind, path, mayExist),
    (): Promise<ShopDocuments[K] | undefined> =>
      mayExist ? readDocument(kind, path) : Promise.resolve(undefined),
  );
  return earlyWhileLoading(live, early, live.status === 'loading' || missingFromCache(live));
}
