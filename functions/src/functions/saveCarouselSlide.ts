import { CALLABLES, type SavedContentOutput } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { saveSlide } from '../services/carousel/slides';

/** Creates (placed last) or edits a home carousel slide (administrators, audited). */
export const saveCarouselSlide = onCallable(
  CALLABLES.saveCarouselSlide,
  async (input, admin): Promise<SavedContentOutput> => saveSlide(db, admin, input),
);
