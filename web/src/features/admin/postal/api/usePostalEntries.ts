import { postalEntriesCollection, postalEntrySchema } from '@rafflewin/domain';
import { collection, limit, orderBy, query } from 'firebase/firestore';
import { db } from '@/lib/firebase';
import { converterFor } from '@/lib/firestore';
import { useQueryData } from '@/lib/realtime';

export const RECENT_POSTAL_ENTRIES = 20;

const recentQuery = query(
  collection(db, postalEntriesCollection).withConverter(converterFor(postalEntrySchema)),
  orderBy('recordedAt', 'desc'),
  limit(RECENT_POSTAL_ENTRIES),
);

/** The most recently recorded postal entries, live. */
export function useRecentPostalEntries() {
  return useQueryData(recentQuery);
}
