import { savedRafflesPath, type SavedRaffle } from '@rafflewin/domain';
import { collection, limit, orderBy, query } from 'firebase/firestore';
import { useMemo } from 'react';
import { db, shopConverters } from '@/lib/firestoreApi';
import { useQueryData, type LoadStatus } from '@/lib/realtime';

// Saving writes `createdAt` with serverTimestamp(): the local copy reads an estimate until then.
const converter = shopConverters.savedRaffle;

/** The customer's saved raffles, newest first, live: the first `count` (and whether there are more). */
export function useSavedRaffles(
  uid: string,
  count: number,
): { status: LoadStatus; saved: SavedRaffle[]; more: boolean } {
  const q = useMemo(
    () =>
      query(
        collection(db, savedRafflesPath(uid)).withConverter(converter),
        orderBy('createdAt', 'desc'),
        limit(count + 1),
      ),
    [uid, count],
  );
  const { status, data } = useQueryData(q);
  return { status, saved: data.slice(0, count), more: data.length > count };
}
