import { entriesPath } from '@rafflewin/domain';
import { useEffect, useState } from 'react';
import { loadFirestore } from '@/lib/live';

/**
 * How many entries a raffle's public list holds: one count query (billed a read per 1,000
 * entries), not the raffle's `soldTickets`, which still counts refunded tickets whose entries
 * were deleted. Null until it answers; when it cannot be counted, `fallback`.
 */
export function useEntryTotal(raffleId: string, fallback: number): number | null {
  const [answer, setAnswer] = useState<{ raffleId: string; total: number } | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all([loadFirestore(), import('./readEntryPage')])
      .then(([{ collection, db, shopConverters }, { countEntries }]) =>
        countEntries(collection(db, entriesPath(raffleId)).withConverter(shopConverters.entry)),
      )
      .then(
        (total) => live && setAnswer({ raffleId, total }),
        () => live && setAnswer({ raffleId, total: fallback }),
      );
    return () => {
      live = false;
    };
  }, [raffleId, fallback]);
  return answer?.raffleId === raffleId ? answer.total : null;
}
