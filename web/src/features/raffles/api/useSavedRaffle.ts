import { savedRafflesPath } from '@rafflewin/domain';
import { useCallback } from 'react';
import { loadFirestore, useWithFirestore } from '@/lib/live';
import { useDocumentData } from '@/lib/realtime';

/**
 * Whether the signed-in customer has saved a raffle (one document read per card, live), and
 * a toggle. The rules let owners save raffles that exist and remove them.
 */
export function useSavedRaffle(raffleId: string, uid: string | null) {
  const ref = useWithFirestore(
    // Saving writes `createdAt` with serverTimestamp(): its converter reads an estimate until
    // the server answers.
    ({ db, doc, shopConverters }) =>
      uid
        ? doc(db, savedRafflesPath(uid), raffleId).withConverter(shopConverters.savedRaffle)
        : null,
    [raffleId, uid],
  );
  const { status, data } = useDocumentData(ref);
  const saved = Boolean(data);
  const toggle = useCallback(async () => {
    if (!uid) return;
    const { db, deleteDoc, doc, serverTimestamp, setDoc } = await loadFirestore();
    const target = doc(db, savedRafflesPath(uid), raffleId);
    if (saved) await deleteDoc(target);
    else await setDoc(target, { raffleId, createdAt: serverTimestamp() });
  }, [uid, raffleId, saved]);
  return { ready: status === 'success', saved, toggle };
}
