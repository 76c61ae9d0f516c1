import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { setSlideActive } from '../services/carousel/slides';

/** A carousel slide's status toggle (administrators, audited). */
export const setCarouselSlideActive = onCallable(
  CALLABLES.setCarouselSlideActive,
  async ({ slideId, isActive }, admin) => {
    await setSlideActive(db, admin, slideId, isActive);
    return { id: slideId, isActive };
  },
);
