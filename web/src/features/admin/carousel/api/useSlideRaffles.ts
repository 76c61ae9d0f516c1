import { isSoldOut, raffleSchema, rafflesCollection, type Raffle } from '@rafflewin/domain';
import { documentId, getDocs, limit, orderBy, query, where } from 'firebase/firestore';
import { useEffect, useMemo, useState } from 'react';
import { typedCollection } from '@/lib/firestoreApi';
import { useRefusalReported } from '@/lib/accessRefusal';
import { useQueryData, type LoadStatus } from '@/lib/realtime';
import { useRaffleSearch } from '../../forms/useRaffleSearch';

/** How many raffles "Add from Raffles" offers before a search, soonest ending first. */
export const SLIDE_RAFFLES_LIMIT = 50;

const raffles = typedCollection(rafflesCollection, raffleSchema);

/** A slide can feature a raffle that is switched on, open and not sold out. */
const featurable = (raffle: Raffle, now: Date) =>
  raffle.active && raffle.endDate > now && !isSoldOut(raffle);

/**
 * Raffles a slide can feature: the soonest ending, or, with words typed, those anywhere in the
 * shop whose name holds them (the console's raffle search, then those raffles read in full).
 */
export function useSlideRaffles(text: string): { status: LoadStatus; raffles: Raffle[] } {
  const [since] = useState(() => new Date());
  const soonest = useMemo(
    () =>
      query(
        raffles,
        where('active', '==', true),
        where('endDate', '>', since),
        orderBy('endDate', 'asc'),
        limit(SLIDE_RAFFLES_LIMIT),
      ),
    [since],
  );
  const searching = text.trim() !== '';
  const listed = useQueryData(searching ? null : soonest);
  const found = useRaffleSearch(searching ? text : null, since);
  const [read, setRead] = useState<{
    key: string;
    raffles: Raffle[];
    failed: boolean;
    error?: unknown;
  }>({
    key: '',
    raffles: [],
    failed: false,
  });
  const ids = found.results.map((entry) => entry.id);
  const key = ids.join(',');
  useEffect(() => {
    if (!searching || found.loading || !key) return undefined;
    let live = true;
    getDocs(query(raffles, where(documentId(), 'in', key.split(','))))
      .then(
        (snapshot) =>
          live && setRead({ key, raffles: snapshot.docs.map((d) => d.data()), failed: false }),
      )
      .catch((error: unknown) => live && setRead({ key, raffles: [], failed: true, error }));
    return () => {
      live = false;
    };
  }, [searching, found.loading, key]);
  useRefusalReported(read.error);
  return useMemo(() => {
    if (!searching) {
      return { status: listed.status, raffles: listed.data.filter((r) => featurable(r, since)) };
    }
    if (found.failed || read.failed) return { status: 'error', raffles: [] };
    if (found.loading || (key && read.key !== key)) return { status: 'loading', raffles: [] };
    const byId = new Map(read.raffles.map((raffle) => [raffle.id, raffle]));
    const inOrder = ids.flatMap((id) => byId.get(id) ?? []);
    return { status: 'success', raffles: inOrder.filter((r) => featurable(r, since)) };
    // `ids` follows `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searching, listed, found, read, key, since]);
}
