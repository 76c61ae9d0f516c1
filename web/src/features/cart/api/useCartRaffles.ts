import { raffleSchema, rafflesCollection, type CartItem, type Raffle } from '@rafflewin/domain';
import { collection, documentId, query, where } from 'firebase/firestore';
import { useMemo } from 'react';
import { db } from '@/lib/firebase';
import { converterFor } from '@/lib/firestore';
import { useQueryData, type LoadStatus } from '@/lib/realtime';

const rafflesRef = collection(db, rafflesCollection).withConverter(converterFor(raffleSchema));

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
