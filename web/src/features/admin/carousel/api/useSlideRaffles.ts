import { isSoldOut, raffleSchema, rafflesCollection } from '@rafflewin/domain';
import { limit, orderBy, query, where } from 'firebase/firestore';
import { useMemo, useState } from 'react';
import { typedCollection } from '@/lib/firestore';
import { useQueryData } from '@/lib/realtime';

/** How many raffles "Add from Raffles" offers, soonest ending first. */
export const SLIDE_RAFFLES_LIMIT = 50;

const raffles = typedCollection(rafflesCollection, raffleSchema);

/** Raffles a slide can feature: active, not ended and not sold out. */
export function useSlideRaffles() {
  const [since] = useState(() => new Date());
  const q = useMemo(
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
  const { status, data } = useQueryData(q);
  return { status, raffles: useMemo(() => data.filter((r) => !isSoldOut(r)), [data]) };
}
