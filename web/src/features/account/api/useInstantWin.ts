import {
  instantWinId,
  instantWinSchema,
  instantWinsCollection,
  type InstantWin,
} from '@rafflewin/domain';
import { doc } from 'firebase/firestore';
import { useMemo } from 'react';
import { converterFor } from '@/lib/converters';
import { db } from '@/lib/firestoreApi';
import { useDocumentData, type Loaded } from '@/lib/realtime';

const instantWinConverter = converterFor(instantWinSchema);

/** A ticket's instant win (its winner reads it), live: the payout shows the moment it is chosen. */
export function useInstantWin(
  raffleId: string,
  ticketNumber: number,
): Loaded<InstantWin | undefined> {
  const ref = useMemo(
    () =>
      doc(db, instantWinsCollection, instantWinId(raffleId, ticketNumber)).withConverter(
        instantWinConverter,
      ),
    [raffleId, ticketNumber],
  );
  return useDocumentData(ref);
}
