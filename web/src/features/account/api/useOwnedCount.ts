import { holderSchema, holdersPath } from '@rafflewin/domain';
import { doc } from 'firebase/firestore';
import { useMemo } from 'react';
import { converterFor } from '@/lib/converters';
import { db } from '@/lib/firestoreApi';
import { useDocumentData } from '@/lib/realtime';

const converter = converterFor(holderSchema);

/** How many tickets of a raffle the customer owns, live, from their holder document. */
export function useOwnedCount(raffleId: string, uid: string): number {
  const ref = useMemo(
    () => doc(db, holdersPath(raffleId), uid).withConverter(converter),
    [raffleId, uid],
  );
  return useDocumentData(ref).data?.owned ?? 0;
}
