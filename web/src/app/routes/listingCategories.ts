import type { RaffleCategory } from '@rafflewin/domain';
import { paths } from '@/config/paths';

/**
 * The categories each listing page reads, by its path: the pages (routes/listings.tsx) and the
 * first screen's early read (app/firstScreen.ts) use the same lists, so both read one query.
 */
export const LISTING_CATEGORIES = {
  [paths.cash]: ['cash'],
  [paths.tech]: ['tech'],
  // Cars are picked out of these by name (isCarRaffle): there is no car category.
  [paths.cars]: ['cash', 'competition', 'tech'],
  [paths.charity]: ['charity'],
  [paths.free]: ['free'],
} as const satisfies Record<string, readonly RaffleCategory[]>;
