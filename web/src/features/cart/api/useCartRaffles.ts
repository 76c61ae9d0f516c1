import { raffleSchema, rafflesCollection, type CartItem, type Raffle } from '@rafflewin/domain';
import { documentId, query, where } from 'firebase/firestore';
import { useMemo } from 'react';
import { typedCollection } from '@/lib/firestore';
import { useQueryData, type LoadStatus } from '@/lib/realtime';

const rafflesRef = typedCollection(rafflesCollection, raffleSchema);

/** The live raffles of the cart's lines (at most 10, one query); inactive ones are absent. */
export function useCartRaffles(items: CartItem[]): {
  status: LoadStatus;
  raffles: Map<string, Raffle>;
} {
  const key = items
    .map((item) => item.raffleId)
    .sort()
    .join(',');
  const q = useMemo(
    () =>
      key
        ? query(rafflesRef, where(documentId(), 'in', key.split(',')), where('active', '==', true))
        : null,
    [key],
  );
  const { status, data } = useQueryData(q);
  const raffles = useMemo(() => new Map(data.map((raffle) => [raffle.id, raffle])), [data]);
  return { status: key ? status : 'success', raffles };
}
