import { rafflesCollection, type CartItem, type Raffle } from '@rafflewin/domain';
import { useEffect, useMemo, useState } from 'react';
import { useFirestoreApi } from '@/lib/live';
import type { LoadStatus } from '@/lib/realtime';

interface Found {
  /** The cart's raffle ids these answers are for. */
  key: string;
  raffles: Map<string, Raffle>;
}

/**
 * The live raffles of the cart's lines (at most 10), one document listener each; those no
 * longer on sale are absent. Not one `documentId in` query: the rules judge such a query
 * document by document, so one raffle switched off would refuse it whole and every line
 * would look gone. Loading until every line has its answer, so nothing is claimed before.
 */
export function useCartRaffles(items: CartItem[]): {
  status: LoadStatus;
  raffles: Map<string, Raffle>;
} {
  const key = items
    .map((item) => item.raffleId)
    .sort()
    .join(',');
  const [found, setFound] = useState<Found>({ key: '', raffles: new Map() });
  const api = useFirestoreApi();
  useEffect(() => {
    if (!key || !api) return undefined;
    const { collection, db, doc, onSnapshot, shopConverters } = api;
    const rafflesRef = collection(db, rafflesCollection).withConverter(shopConverters.raffle);
    const ids = key.split(',');
    const answers = new Map<string, Raffle | null>();
    const publish = (id: string, raffle: Raffle | null) => {
      answers.set(id, raffle && raffle.active ? raffle : null);
      if (answers.size < ids.length) return;
      const live = [...answers].filter((entry): entry is [string, Raffle] => entry[1] !== null);
      setFound({ key, raffles: new Map(live) });
    };
    const stops = ids.map((id) =>
      onSnapshot(
        doc(rafflesRef, id),
        { includeMetadataChanges: true },
        (snapshot) => {
          // "Not there" from this browser's cache is not an answer while the server can be asked.
          if (!snapshot.exists() && snapshot.metadata.fromCache && navigator.onLine) return;
          publish(id, snapshot.data() ?? null);
        },
        // Refused (switched off: customers may not read it) or unreadable: not on sale.
        () => publish(id, null),
      ),
    );
    return () => stops.forEach((stop) => stop());
  }, [key, api]);
  const empty = useMemo(() => new Map<string, Raffle>(), []);
  if (!key) return { status: 'success', raffles: empty };
  return found.key === key
    ? { status: 'success', raffles: found.raffles }
    : { status: 'loading', raffles: found.raffles };
}
