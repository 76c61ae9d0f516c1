import { setCarouselSlideActiveInput } from '@rafflewin/domain';
import { adminOnCall } from '../lib/callable';
import { db } from '../lib/firebase';
import { setSlideActive } from '../services/carousel/slides';

/** A carousel slide's status toggle (administrators, audited). */
export const setCarouselSlideActive = adminOnCall(
  setCarouselSlideActiveInput,
  async ({ slideId, isActive }, admin) => {
    await setSlideActive(db, admin, slideId, isActive);
    return { id: slideId, isActive };
  },
);
