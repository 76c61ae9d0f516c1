import { deleteQuestionInput } from '@rafflewin/domain';
import { adminOnCall } from '../lib/callable';
import { db } from '../lib/firebase';
import { deleteQuestion as remove } from '../services/questions/questions';

/** Deletes a skill question and its answer (administrators, audited). */
export const deleteQuestion = adminOnCall(
  deleteQuestionInput,
  async ({ raffleId, questionId }, admin) => {
    await remove(db, admin, raffleId, questionId);
    return { id: questionId };
  },
);
