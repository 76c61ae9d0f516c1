import { POSTAL_GRACE_HOURS, raffleSchema, rafflesCollection } from '@rafflewin/domain';
import { limit, orderBy, query, where } from 'firebase/firestore';
import { useMemo, useState } from 'react';
import { typedCollection } from '@/lib/firestore';
import { useQueryData } from '@/lib/realtime';

const rafflesRef = typedCollection(rafflesCollection, raffleSchema);

/**
 * Raffles a postcard can be for: those still open and those that closed within the last few
 * days (a late card may still earn a credit, or must be refused and recorded).
 */
export function usePostalRaffles() {
  const [since] = useState(
    () => new Date(Date.now() - (POSTAL_GRACE_HOURS + 24 * 7) * 60 * 60 * 1000),
  );
  const q = useMemo(
    () => query(rafflesRef, where('endDate', '>=', since), orderBy('endDate', 'asc'), limit(100)),
    [since],
  );
  return useQueryData(q);
}
