import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { moveSlide } from '../services/carousel/slides';

/** Moves a carousel slide up or down by swapping with its neighbour (administrators, audited). */
export const moveCarouselSlide = onCallable(
  CALLABLES.moveCarouselSlide,
  async ({ slideId, direction }, admin) => {
    await moveSlide(db, admin, slideId, direction);
    return { id: slideId };
  },
);
