import { postalEntriesCollection, postalEntrySchema } from '@rafflewin/domain';
import { limit, orderBy, query } from 'firebase/firestore';
import { typedCollection } from '@/lib/firestoreApi';
import { useQueryData } from '@/lib/realtime';

export const RECENT_POSTAL_ENTRIES = 20;

const recentQuery = query(
  typedCollection(postalEntriesCollection, postalEntrySchema),
  orderBy('recordedAt', 'desc'),
  limit(RECENT_POSTAL_ENTRIES),
);

/** The most recently recorded postal entries, live. */
export function useRecentPostalEntries() {
  return useQueryData(recentQuery);
}
