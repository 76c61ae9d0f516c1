import { saveQuestionInput, type SavedContentOutput } from '@rafflewin/domain';
import { adminOnCall } from '../lib/callable';
import { db } from '../lib/firebase';
import { saveQuestion as save } from '../services/questions/questions';

/** Creates or edits a raffle's skill question; the answer goes to raffleSecrets (administrators, audited). */
export const saveQuestion = adminOnCall(
  saveQuestionInput,
  async (input, admin): Promise<SavedContentOutput> => save(db, admin, input),
);
