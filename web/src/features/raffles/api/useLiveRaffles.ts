import {
  isLive,
  raffleSchema,
  rafflesCollection,
  type Raffle,
  type RaffleCategory,
} from '@rafflewin/domain';
import { limit, orderBy, query, where } from 'firebase/firestore';
import { useMemo, useState } from 'react';
import { typedCollection } from '@/lib/firestore';
import { useQueryData, type LoadStatus } from '@/lib/realtime';

const rafflesRef = typedCollection(rafflesCollection, raffleSchema);

/** The most live raffles one page shows; the query never reads the whole collection. */
export const LIVE_RAFFLES_LIMIT = 48;

/**
 * Active raffles that have not ended (of the given categories, or all), soonest ending first,
 * kept live. Raffles whose start is
 * still in the future are dropped; sold counts update as they change.
 */
export function useLiveRaffles(categories?: readonly RaffleCategory[]): {
  status: LoadStatus;
  raffles: Raffle[];
} {
  // Fixed per mount: a new Date on every render would be a new query and a new listener.
  const [since] = useState(() => new Date());
  const categoryKey = categories?.join(',') ?? '';
  const liveQuery = useMemo(
    () =>
      query(
        rafflesRef,
        where('active', '==', true),
        ...(categoryKey ? [where('category', 'in', categoryKey.split(','))] : []),
        where('endDate', '>', since),
        orderBy('endDate', 'asc'),
        limit(LIVE_RAFFLES_LIMIT),
      ),
    [since, categoryKey],
  );
  const { status, data } = useQueryData(liveQuery);
  const raffles = useMemo(() => data.filter((r) => isLive(r, new Date())), [data]);
  return { status, raffles };
}
