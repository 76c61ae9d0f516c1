import { raffleSchema, rafflesCollection, type Raffle } from '@rafflewin/domain';
import { getDocs, limit, orderBy, query } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { typedCollection } from '@/lib/firestore';

const byName = query(typedCollection(rafflesCollection, raffleSchema), orderBy('name'), limit(200));

/** Every raffle (active or not), by name, for the export picker; read once. */
export function useRaffleChoices(): Raffle[] {
  const [raffles, setRaffles] = useState<Raffle[]>([]);
  useEffect(() => {
    let live = true;
    getDocs(byName)
      .then((snapshot) => live && setRaffles(snapshot.docs.map((doc) => doc.data())))
      .catch(() => live && setRaffles([]));
    return () => {
      live = false;
    };
  }, []);
  return raffles;
}
