import { raffleSchema, rafflesCollection, type Raffle } from '@rafflewin/domain';
import { collection, getDocs, limit, orderBy, query } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { db } from '@/lib/firebase';
import { converterFor } from '@/lib/firestore';

const byName = query(
  collection(db, rafflesCollection).withConverter(converterFor(raffleSchema)),
  orderBy('name'),
  limit(200),
);

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
