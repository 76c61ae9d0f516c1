import { saveCarouselSlideInput, type SavedContentOutput } from '@rafflewin/domain';
import { adminOnCall } from '../lib/callable';
import { db } from '../lib/firebase';
import { saveSlide } from '../services/carousel/slides';

/** Creates (placed last) or edits a home carousel slide (administrators, audited). */
export const saveCarouselSlide = adminOnCall(
  saveCarouselSlideInput,
  async (input, admin): Promise<SavedContentOutput> => saveSlide(db, admin, input),
);
