import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { deleteSlide } from '../services/carousel/slides';

/** Deletes a carousel slide (administrators, audited). */
export const deleteCarouselSlide = onCallable(
  CALLABLES.deleteCarouselSlide,
  async ({ slideId }, admin) => {
    await deleteSlide(db, admin, slideId);
    return { id: slideId };
  },
);
