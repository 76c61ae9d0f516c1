import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { deleteQuestion as remove } from '../services/questions/questions';

/** Deletes a skill question and its answer (administrators, audited). */
export const deleteQuestion = onCallable(
  CALLABLES.deleteQuestion,
  async ({ raffleId, questionId }, admin) => {
    await remove(db, admin, raffleId, questionId);
    return { id: questionId };
  },
);
