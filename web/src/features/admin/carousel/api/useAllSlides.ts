import { carouselSlideSchema, carouselSlidesCollection } from '@rafflewin/domain';
import { limit, orderBy, query } from 'firebase/firestore';
import { typedCollection } from '@/lib/firestoreApi';
import { useQueryData } from '@/lib/realtime';

/** The editor lists at most this many slides (a carousel has a handful). */
export const EDITOR_SLIDES_LIMIT = 50;

const allSlides = query(
  typedCollection(carouselSlidesCollection, carouselSlideSchema),
  orderBy('position', 'asc'),
  limit(EDITOR_SLIDES_LIMIT),
);

/** Every slide, active or not (administrators read all), in position order, kept live. */
export function useAllSlides() {
  return useQueryData(allSlides);
}
