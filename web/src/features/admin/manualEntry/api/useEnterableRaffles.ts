import { raffleSchema, rafflesCollection, type Raffle } from '@rafflewin/domain';
import { collection, limit, orderBy, query, where } from 'firebase/firestore';
import { converterFor } from '@/lib/firestore';
import { db } from '@/lib/firebase';
import { useQueryData, type Loaded } from '@/lib/realtime';

/** More active raffles than a shop runs at once. */
const RAFFLE_LIMIT = 200;

const activeByName = query(
  collection(db, rafflesCollection).withConverter(converterFor(raffleSchema)),
  where('active', '==', true),
  orderBy('name'),
  limit(RAFFLE_LIMIT),
);

/** Active raffles ordered by name, live, so tickets left stay current after each entry. */
export function useEnterableRaffles(): Loaded<Raffle[]> {
  return useQueryData(activeByName);
}
