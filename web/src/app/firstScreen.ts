/**
 * The first screen's reads, started as the page's script runs: the page opened (its lazy chunk)
 * and the shop window documents it shows. Left to the page, each would start only once the
 * site settings had come and the page had rendered; started here, they travel meanwhile, and
 * the page's own reads find them (lib/shopReads.ts keys them the same way).
 */
import { rafflePath } from '@rafflewin/domain';
import { preload } from 'react-dom';
import { paths } from '@/config/paths';
import { ACTIVE_SLIDES } from '@/features/content/api/useCarouselSlides';
import {
  firstScreenEndingSoonShape,
  liveRafflesShape,
} from '@/features/raffles/api/useLiveRaffles';
import { startShopDocument, startShopQuery } from '@/lib/shopReads';
import { pageChunks } from './router';
import { LISTING_CATEGORIES } from './routes/listingCategories';

const DRAW_PATH = /^\/draws\/([^/]+)\/?$/;

/** The raffle a draw page's path names, as the router reads it (null for any other path). */
function drawnRaffleId(path: string): string | null {
  const match = DRAW_PATH.exec(path);
  try {
    return match ? decodeURIComponent(match[1]!) : null;
  } catch {
    return null; // A malformed address: the page itself says it was not found.
  }
}

/**
 * Starts what the page at `pathname` reads first (other pages start nothing here); resolves
 * once all of it has come or failed.
 */
export function startFirstScreen(pathname: string): Promise<unknown> {
  return Promise.allSettled(firstReads(pathname.length > 1 ? pathname.replace(/\/$/, '') : '/'));
}

function firstReads(path: string): Promise<unknown>[] {
  if (path === paths.home) {
    return [
      startShopQuery('raffle', liveRafflesShape()),
      startShopQuery('raffle', firstScreenEndingSoonShape()),
      // The first slide's image is the largest thing on the first screen: it need not wait
      // for the render.
      startShopQuery('carouselSlide', ACTIVE_SLIDES).then((slides) => {
        const image = slides?.value[0]?.imageUrl;
        if (image) preload(image, { as: 'image', fetchPriority: 'high' });
      }),
    ];
  }
  if (path === paths.competitions || Object.hasOwn(LISTING_CATEGORIES, path)) {
    const categories: readonly string[] =
      LISTING_CATEGORIES[path as keyof typeof LISTING_CATEGORIES] ?? [];
    return [
      pageChunks.listings(),
      startShopQuery('raffle', liveRafflesShape(categories.join(','))),
    ];
  }
  if (path === paths.cart) return [pageChunks.cart()];
  const raffleId = drawnRaffleId(path);
  if (raffleId === null) return [];
  return [pageChunks.draw(), startShopDocument('raffle', rafflePath(raffleId))];
}
