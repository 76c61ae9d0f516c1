import { savedRafflesPath } from '@rafflewin/domain';
import { deleteDoc, doc } from 'firebase/firestore';
import { db } from '@/lib/firestoreApi';

/** Removes a raffle from the customer's saved raffles. */
export function removeSavedRaffle(uid: string, raffleId: string): Promise<void> {
  return deleteDoc(doc(db, savedRafflesPath(uid), raffleId));
}
