import { savedRaffleSchema, savedRafflesPath } from '@rafflewin/domain';
import { deleteDoc, doc, serverTimestamp, setDoc } from 'firebase/firestore';
import { useCallback, useMemo } from 'react';
import { db } from '@/lib/firebase';
import { converterFor } from '@/lib/firestore';
import { useDocumentData } from '@/lib/realtime';

// Saving writes `createdAt` with serverTimestamp(): the local copy reads an estimate until then.
const converter = converterFor(savedRaffleSchema, { estimateServerTimestamps: true });

/**
 * Whether the signed-in customer has saved a raffle (one document read per card, live), and
 * a toggle. The rules let owners save raffles that exist and remove them.
 */
export function useSavedRaffle(raffleId: string, uid: string | null) {
  const ref = useMemo(
    () => (uid ? doc(db, savedRafflesPath(uid), raffleId).withConverter(converter) : null),
    [raffleId, uid],
  );
  const { status, data } = useDocumentData(ref);
  const saved = Boolean(data);
  const toggle = useCallback(async () => {
    if (!uid) return;
    const target = doc(db, savedRafflesPath(uid), raffleId);
    if (saved) await deleteDoc(target);
    else await setDoc(target, { raffleId, createdAt: serverTimestamp() });
  }, [uid, raffleId, saved]);
  return { ready: status === 'success', saved, toggle };
}
