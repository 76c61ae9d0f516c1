import { holdersPath } from '@rafflewin/domain';
import { doc } from 'firebase/firestore';
import { useMemo } from 'react';
import { db, shopConverters } from '@/lib/firestoreApi';
import { useDocumentData } from '@/lib/realtime';

const converter = shopConverters.holder;

/** How many tickets of a raffle the customer owns, live, from their holder document. */
export function useOwnedCount(raffleId: string, uid: string): number {
  const ref = useMemo(
    () => doc(db, holdersPath(raffleId), uid).withConverter(converter),
    [raffleId, uid],
  );
  return useDocumentData(ref).data?.owned ?? 0;
}
