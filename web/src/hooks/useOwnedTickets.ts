import { holdersPath } from '@rafflewin/domain';
import { useWithFirestore } from '@/lib/live';
import { useDocumentData } from '@/lib/realtime';

/**
 * How many tickets the signed-in customer already owns in a raffle, live, from their holder
 * document (one read per card; no count of their tickets). Zero for guests.
 */
export function useOwnedTickets(raffleId: string, uid: string | null): number {
  const ref = useWithFirestore(
    ({ db, doc, shopConverters }) =>
      uid ? doc(db, holdersPath(raffleId), uid).withConverter(shopConverters.holder) : null,
    [raffleId, uid],
  );
  return useDocumentData(ref).data?.owned ?? 0;
}
