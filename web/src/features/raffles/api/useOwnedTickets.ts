import { holderSchema, holdersPath } from '@rafflewin/domain';
import { doc } from 'firebase/firestore';
import { useMemo } from 'react';
import { db } from '@/lib/firebase';
import { converterFor } from '@/lib/firestore';
import { useDocumentData } from '@/lib/realtime';

const converter = converterFor(holderSchema);

/**
 * How many tickets the signed-in customer already owns in a raffle, live, from their holder
 * document (one read per card; no count of their tickets). Zero for guests.
 */
export function useOwnedTickets(raffleId: string, uid: string | null): number {
  const ref = useMemo(
    () => (uid ? doc(db, holdersPath(raffleId), uid).withConverter(converter) : null),
    [raffleId, uid],
  );
  return useDocumentData(ref).data?.owned ?? 0;
}
