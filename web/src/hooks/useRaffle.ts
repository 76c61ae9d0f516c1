import { rafflePath } from '@rafflewin/domain';
import { useWithFirestore } from '@/lib/live';
import { useDocumentData } from '@/lib/realtime';

/**
 * One raffle, live; an empty id reads nothing. The rules let customers read active raffles,
 * and cancelled ones that were ever live (never to be entered): another inactive or deleted
 * raffle answers with an error (permission denied). Administrators read every raffle.
 */
export function useRaffle(raffleId: string) {
  const ref = useWithFirestore(
    ({ db, doc, shopConverters }) =>
      raffleId ? doc(db, rafflePath(raffleId)).withConverter(shopConverters.raffle) : null,
    [raffleId],
  );
  return useDocumentData(ref);
}
