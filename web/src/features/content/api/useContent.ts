import { charityDonationsCollection, winnersCollection } from '@rafflewin/domain';
import type { FirestoreDataConverter, Query } from 'firebase/firestore';
import { useState } from 'react';
import { useWithFirestore, type FirestoreApi } from '@/lib/live';
import { useQueryData, type LoadStatus } from '@/lib/realtime';

/** How many of each the public pages show at first, and add with each "Show more". */
export const CONTENT_PAGE_SIZE = 24;

export interface ContentPages<T> {
  status: LoadStatus;
  data: T[];
  /** Whether more exist beyond what is shown. */
  more: boolean;
  showMore: () => void;
}

/**
 * The newest `count` documents, live, read one more than shown to know whether there are
 * more; "Show more" raises the count by a page (never the whole collection at once).
 */
function useNewest<T>(build: (api: FirestoreApi, count: number) => Query<T>): ContentPages<T> {
  const [count, setCount] = useState(CONTENT_PAGE_SIZE);
  const q = useWithFirestore((api) => build(api, count + 1), [build, count]);
  const { status, data } = useQueryData(q);
  return {
    status,
    data: data.slice(0, count),
    more: data.length > count,
    showMore: () => setCount((shown) => shown + CONTENT_PAGE_SIZE),
  };
}

type Converters = FirestoreApi['shopConverters'];

/** The newest `count` documents of a collection, by a date field. */
const newest =
  <T>(path: string, converterOf: (c: Converters) => FirestoreDataConverter<T>, dateField: string) =>
  ({ collection, db, limit, orderBy, query, shopConverters }: FirestoreApi, count: number) =>
    query(
      collection(db, path).withConverter(converterOf(shopConverters)),
      orderBy(dateField, 'desc'),
      limit(count),
    );
const newestDonations = newest(charityDonationsCollection, (c) => c.charityDonation, 'date');
const newestWinners = newest(winnersCollection, (c) => c.winner, 'announcementDate');

/** Charity donations, newest first, a page at a time. */
export function useDonations() {
  return useNewest(newestDonations);
}

/** Winners, most recently announced first, a page at a time. */
export function useWinners() {
  return useNewest(newestWinners);
}
