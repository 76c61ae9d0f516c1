import { carouselSlideSchema, carouselSlidesCollection } from '@rafflewin/domain';
import { collection, limit, orderBy, query } from 'firebase/firestore';
import { db } from '@/lib/firebase';
import { converterFor } from '@/lib/firestore';
import { useQueryData } from '@/lib/realtime';

/** The editor lists at most this many slides (a carousel has a handful). */
export const EDITOR_SLIDES_LIMIT = 50;

const allSlides = query(
  collection(db, carouselSlidesCollection).withConverter(converterFor(carouselSlideSchema)),
  orderBy('position', 'asc'),
  limit(EDITOR_SLIDES_LIMIT),
);

/** Every slide, active or not (administrators read all), in position order, kept live. */
export function useAllSlides() {
  return useQueryData(allSlides);
}
