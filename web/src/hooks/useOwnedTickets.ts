import { holdersPath } from '@rafflewin/domain';
import { useWithFirestore } from '@/lib/live';
import { useDocumentData } from '@/lib/realtime';

export interface OwnedTickets {
  /** Tickets owned: zero for guests, and until the count has arrived. */
  owned: number;
  /** A signed-in customer's count has not arrived yet (a refused read counts as arrived). */
  loading: boolean;
}

/**
 * How many tickets the signed-in customer already owns in a raffle, live, from their holder
 * document (one read per card; no count of their tickets). Zero for guests.
 */
export function useOwnedTickets(raffleId: string, uid: string | null): OwnedTickets {
  const ref = useWithFirestore(
    ({ db, doc, shopConverters }) =>
      uid ? doc(db, holdersPath(raffleId), uid).withConverter(shopConverters.holder) : null,
    [raffleId, uid],
  );
  const holder = useDocumentData(ref);
  return { owned: holder.data?.owned ?? 0, loading: uid !== null && holder.status === 'loading' };
}
