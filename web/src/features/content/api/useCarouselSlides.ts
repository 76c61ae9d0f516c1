import { carouselSlideSchema, carouselSlidesCollection } from '@rafflewin/domain';
import { collection, limit, orderBy, query, where } from 'firebase/firestore';
import { db } from '@/lib/firebase';
import { converterFor } from '@/lib/firestore';
import { useQueryData } from '@/lib/realtime';

/** The most slides the hero carousel shows. */
export const CAROUSEL_SLIDES_LIMIT = 10;

// The rules let visitors list slides only with this `isActive` filter; index (isActive, position).
const activeSlidesQuery = query(
  collection(db, carouselSlidesCollection).withConverter(converterFor(carouselSlideSchema)),
  where('isActive', '==', true),
  orderBy('position', 'asc'),
  limit(CAROUSEL_SLIDES_LIMIT),
);

/** The hero carousel's active slides, in position order, kept live. */
export function useCarouselSlides() {
  return useQueryData(activeSlidesQuery);
}
