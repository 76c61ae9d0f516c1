import { raffleSchema, rafflesCollection, type Raffle } from '@rafflewin/domain';
import { getDocs, limit, orderBy, query } from 'firebase/firestore';
import { useLoaded } from '@/hooks/useLoaded';
import { typedCollection } from '@/lib/firestore';

/** The most recent raffles offered when linking a winner to a raffle. */
export const RAFFLE_CHOICES_LIMIT = 100;

const choicesQuery = query(
  typedCollection(rafflesCollection, raffleSchema),
  orderBy('endDate', 'desc'),
  limit(RAFFLE_CHOICES_LIMIT),
);

/** Raffles, most recently ending first, for an administrator's pick list (read once). */
export function useRaffleChoices(): Raffle[] {
  const { value } = useLoaded(
    async () => (await getDocs(choicesQuery)).docs.map((d) => d.data()),
    [],
  );
  return value ?? [];
}
