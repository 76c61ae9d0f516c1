import { raffleSchema, rafflesCollection, type Raffle } from '@rafflewin/domain';
import { limit, orderBy, query, where } from 'firebase/firestore';
import { typedCollection } from '@/lib/firestore';
import { useQueryData, type Loaded } from '@/lib/realtime';

/** More active raffles than a shop runs at once. */
const RAFFLE_LIMIT = 200;

const activeByName = query(
  typedCollection(rafflesCollection, raffleSchema),
  where('active', '==', true),
  orderBy('name'),
  limit(RAFFLE_LIMIT),
);

/** Active raffles ordered by name, live, so tickets left stay current after each entry. */
export function useEnterableRaffles(): Loaded<Raffle[]> {
  return useQueryData(activeByName);
}
