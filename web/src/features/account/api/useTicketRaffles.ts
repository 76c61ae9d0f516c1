import { rafflesCollection, type Raffle } from '@rafflewin/domain';
import { collection, documentId, limit, query, where } from 'firebase/firestore';
import { useMemo } from 'react';
import { db, shopConverters } from '@/lib/firestoreApi';
import { useQueryData } from '@/lib/realtime';

const raffles = collection(db, rafflesCollection).withConverter(shopConverters.raffle);

/**
 * The raffles of the tickets shown (a page holds at most 10, so at most 10 raffles), live, by
 * id: a ticket keeps a snapshot of its raffle from when it was bought, and the raffle's end
 * may since have moved earlier, or its name or image changed. One query for those raffles that
 * are switched on, which the rules let every customer list; a raffle switched off or cancelled
 * is absent, and its tickets show their snapshot. The limit is the ids' count: the rules refuse
 * a list of raffles that names none.
 */
export function useTicketRaffles(raffleIds: string[]): Map<string, Raffle> {
  const key = [...new Set(raffleIds)].sort().join(',');
  const q = useMemo(() => {
    if (!key) return null;
    const ids = key.split(',');
    return query(
      raffles,
      where(documentId(), 'in', ids),
      where('active', '==', true),
      limit(ids.length),
    );
  }, [key]);
  const { data } = useQueryData(q);
  return useMemo(() => new Map(data.map((raffle) => [raffle.id, raffle])), [data]);
}
