import { carouselSlideSchema, carouselSlidesCollection } from '@rafflewin/domain';
import { limit, orderBy, query, where } from 'firebase/firestore';
import { typedCollection } from '@/lib/firestore';
import { useQueryData } from '@/lib/realtime';

/** The most slides the hero carousel shows. */
export const CAROUSEL_SLIDES_LIMIT = 10;

// The rules let visitors list slides only with this `isActive` filter; index (isActive, position).
const activeSlidesQuery = query(
  typedCollection(carouselSlidesCollection, carouselSlideSchema),
  where('isActive', '==', true),
  orderBy('position', 'asc'),
  limit(CAROUSEL_SLIDES_LIMIT),
);

/** The hero carousel's active slides, in position order, kept live. */
export function useCarouselSlides() {
  return useQueryData(activeSlidesQuery);
}
