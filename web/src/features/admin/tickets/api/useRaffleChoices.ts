import { raffleSchema, rafflesCollection, type Raffle } from '@rafflewin/domain';
import { getDocs, limit, orderBy, query } from 'firebase/firestore';
import { useLoaded } from '@/hooks/useLoaded';
import { typedCollection } from '@/lib/firestore';

const byName = query(typedCollection(rafflesCollection, raffleSchema), orderBy('name'), limit(200));

/** Every raffle (active or not), by name, for the export picker; read once. */
export function useRaffleChoices(): Raffle[] {
  const { value } = useLoaded(async () => (await getDocs(byName)).docs.map((d) => d.data()), []);
  return value ?? [];
}
