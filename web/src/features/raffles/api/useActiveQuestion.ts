import { questionSchema, questionsPath, type Question } from '@rafflewin/domain';
import { converterFor } from '@/lib/converters';
import { useWithFirestore } from '@/lib/live';
import { useQueryData, type LoadStatus } from '@/lib/realtime';

const converter = converterFor(questionSchema);

/** The raffle's active skill question (answers are never sent to the browser). */
export function useActiveQuestion(raffleId: string | null): {
  status: LoadStatus;
  question: Question | null;
} {
  const q = useWithFirestore(
    ({ db, collection, limit, query, where }) =>
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
