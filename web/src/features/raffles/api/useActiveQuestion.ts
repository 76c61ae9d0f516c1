import { questionsPath, type Question } from '@rafflewin/domain';
import { useWithFirestore } from '@/lib/live';
import { useQueryData, type LoadStatus } from '@/lib/realtime';

/** The raffle's active skill question (answers are never sent to the browser). */
export function useActiveQuestion(raffleId: string | null): {
  status: LoadStatus;
  question: Question | null;
} {
  const q = useWithFirestore(
    ({ db, collection, limit, query, shopConverters, where }) =>
      raffleId
        ? query(
            collection(db, questionsPath(raffleId)).withConverter(shopConverters.question),
            where('isActive', '==', true),
            limit(1),
          )
        : null,
    [raffleId],
  );
  const { status, data } = useQueryData(q);
  return { status, question: data[0] ?? null };
}
