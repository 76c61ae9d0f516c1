import { questionSchema, questionsPath, type Question } from '@rafflewin/domain';
import { collection, limit, query, where } from 'firebase/firestore';
import { useMemo } from 'react';
import { db } from '@/lib/firebase';
import { converterFor } from '@/lib/firestore';
import { useQueryData, type LoadStatus } from '@/lib/realtime';

const converter = converterFor(questionSchema);

/** The raffle's active skill question (answers are never sent to the browser). */
export function useActiveQuestion(raffleId: string | null): {
  status: LoadStatus;
  question: Question | null;
} {
  const q = useMemo(
    () =>
      raffleId
        ? query(
            collection(db, questionsPath(raffleId)).withConverter(converter),
            where('isActive', '==', true),
            limit(1),
          )
        : null,
    [raffleId],
  );
  const { status, data } = useQueryData(q);
  return { status, question: data[0] ?? null };
}
