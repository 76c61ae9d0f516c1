import { deleteCarouselSlideInput } from '@rafflewin/domain';
import { adminOnCall } from '../lib/callable';
import { db } from '../lib/firebase';
import { deleteSlide } from '../services/carousel/slides';

/** Deletes a carousel slide (administrators, audited). */
export const deleteCarouselSlide = adminOnCall(
  deleteCarouselSlideInput,
  async ({ slideId }, admin) => {
    await deleteSlide(db, admin, slideId);
    return { id: slideId };
  },
);
