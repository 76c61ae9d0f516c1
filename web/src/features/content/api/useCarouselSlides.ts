import { carouselSlidesCollection } from '@rafflewin/domain';
import { useShopQuery, type QueryShape } from '@/lib/shopReads';

/** The most slides the hero carousel shows. */
export const CAROUSEL_SLIDES_LIMIT = 10;

/** The rules let visitors list slides only with this `isActive` filter; index (isActive, position). */
export const ACTIVE_SLIDES: QueryShape = {
  collection: carouselSlidesCollection,
  where: [['isActive', '==', true]],
  orderBy: ['position', 'asc'],
  limit: CAROUSEL_SLIDES_LIMIT,
};

/** The hero carousel's active slides, in position order, kept live. */
export function useCarouselSlides() {
  return useShopQuery('carouselSlide', ACTIVE_SLIDES);
}
