import { drawEntryChunkSchema, drawEntryListPath } from '@rafflewin/domain';
import { collection, getDocs, orderBy, query } from 'firebase/firestore';
import { db } from '@/lib/firebase';
import { converterFor } from '@/lib/firestore';

const converter = converterFor(drawEntryChunkSchema);

/** The frozen entry list of a drawn raffle (a few documents of up to 20,000 numbers each). */
export async function loadEntryList(raffleId: string): Promise<number[]> {
  const snapshot = await getDocs(
    query(collection(db, drawEntryListPath(raffleId)).withConverter(converter), orderBy('index')),
  );
  return snapshot.docs.flatMap((d) => d.data().numbers);
}
