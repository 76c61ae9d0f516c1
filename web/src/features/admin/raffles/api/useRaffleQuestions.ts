import {
  questionsPath,
  rafflePath,
  raffleSecretSchema,
  raffleSecretsCollection,
} from '@rafflewin/domain';
import { collection, doc, orderBy, query } from 'firebase/firestore';
import { useMemo } from 'react';
import { converterFor } from '@/lib/converters';
import { db, shopConverters } from '@/lib/firestoreApi';
import { useDocumentData, useQueryData } from '@/lib/realtime';

const questionConverter = shopConverters.question;
const raffleConverter = shopConverters.raffle;
const secretConverter = converterFor(raffleSecretSchema);

/**
 * A raffle, its questions (oldest first; a raffle has a handful) and their correct answers
 * from `raffleSecrets`, which only administrators can read. All kept live.
 */
export function useRaffleQuestions(raffleId: string) {
  const raffleRef = useMemo(
    () => doc(db, rafflePath(raffleId)).withConverter(raffleConverter),
    [raffleId],
  );
  const questionsQuery = useMemo(
    () =>
      query(
        collection(db, questionsPath(raffleId)).withConverter(questionConverter),
        orderBy('createdAt', 'asc'),
      ),
    [raffleId],
  );
  const secretRef = useMemo(
    () => doc(db, raffleSecretsCollection, raffleId).withConverter(secretConverter),
    [raffleId],
  );
  const raffle = useDocumentData(raffleRef);
  const questions = useQueryData(questionsQuery);
  const secret = useDocumentData(secretRef);
  return {
    raffle: raffle.data,
    questions: questions.data,
    correctAnswers: secret.data?.correctAnswers ?? {},
    status:
      raffle.status === 'error' || questions.status === 'error' || secret.status === 'error'
        ? ('error' as const)
        : raffle.status === 'success' && questions.status === 'success'
          ? ('success' as const)
          : ('loading' as const),
    error: raffle.error ?? questions.error ?? secret.error,
  };
}
