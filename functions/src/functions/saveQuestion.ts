import { CALLABLES, type SavedContentOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { saveQuestion as save } from '../services/questions/questions';

/** Creates or edits a raffle's skill question; the answer goes to raffleSecrets (administrators, audited). */
export const saveQuestion = onCallable(
  CALLABLES.saveQuestion,
  async (input, admin): Promise<SavedContentOutput> => save(db, admin, input),
);
