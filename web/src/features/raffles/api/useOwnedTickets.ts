import { holderSchema, holdersPath } from '@rafflewin/domain';
import { converterFor } from '@/lib/converters';
import { useWithFirestore } from '@/lib/live';
import { useDocumentData } from '@/lib/realtime';

const converter = converterFor(holderSchema);

/**
 * How many tickets the signed-in customer already owns in a raffle, live, from their holder
 * document (one read per card; no count of their tickets). Zero for guests.
 */
export function useOwnedTickets(raffleId: string, uid: string | null): number {
  const ref = useWithFirestore(
    ({ db, doc }) => (uid ? doc(db, holdersPath(raffleId), uid).withConverter(converter) : null),
    [raffleId, uid],
  );
  return useDocumentData(ref).data?.owned ?? 0;
}
