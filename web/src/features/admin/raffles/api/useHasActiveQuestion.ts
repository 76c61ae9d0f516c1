import { questionsPath } from '@rafflewin/domain';
import { collection, limit, query, where } from 'firebase/firestore';
import { useMemo } from 'react';
import { db, shopConverters } from '@/lib/firestoreApi';
import { useQueryData } from '@/lib/realtime';

const converter = shopConverters.question;

/** Whether the raffle has an active skill question (null while loading), kept live. */
export function useHasActiveQuestion(raffleId: string): boolean | null {
  const q = useMemo(
    () =>
      query(
        collection(db, questionsPath(raffleId)).withConverter(converter),
        where('isActive', '==', true),
        limit(1),
      ),
    [raffleId],
  );
  const { status, data } = useQueryData(q);
  return status === 'success' ? data.length > 0 : null;
}
