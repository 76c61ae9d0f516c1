import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { setQuestionActive as setActive } from '../services/questions/questions';

/** A skill question's status toggle (administrators, audited). */
export const setQuestionActive = onCallable(
  CALLABLES.setQuestionActive,
  async ({ raffleId, questionId, isActive }, admin) => {
    await setActive(db, admin, raffleId, questionId, isActive);
    return { id: questionId, isActive };
  },
);
