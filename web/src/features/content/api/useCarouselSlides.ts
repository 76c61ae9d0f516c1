import { carouselSlidesCollection } from '@rafflewin/domain';
import { useWithFirestore } from '@/lib/live';
import { useQueryData } from '@/lib/realtime';

/** The most slides the hero carousel shows. */
export const CAROUSEL_SLIDES_LIMIT = 10;

/** The hero carousel's active slides, in position order, kept live. */
export function useCarouselSlides() {
  // The rules let visitors list slides only with this `isActive` filter; index (isActive, position).
  const activeSlides = useWithFirestore(
    ({ collection, db, limit, orderBy, query, shopConverters, where }) =>
      query(
        collection(db, carouselSlidesCollection).withConverter(shopConverters.carouselSlide),
        where('isActive', '==', true),
        orderBy('position', 'asc'),
        limit(CAROUSEL_SLIDES_LIMIT),
      ),
    [],
  );
  return useQueryData(activeSlides);
}
