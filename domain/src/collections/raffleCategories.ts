/**
 * The shop's raffle categories: plain values, kept apart from the raffle schema (and zod) so
 * that listing pages can name and label categories before the schemas have loaded.
 */
import type { Raffle } from './raffles';

export const RAFFLE_CATEGORIES = ['cash', 'tech', 'charity', 'free', 'competition'] as const;
export type RaffleCategory = (typeof RAFFLE_CATEGORIES)[number];

export const RAFFLE_CATEGORY_LABELS: Record<RaffleCategory, string> = {
  cash: 'Cash Prizes',
  tech: 'Tech Prizes',
  charity: 'Charity Raffles',
  free: 'Free Giveaways',
  competition: 'Competitions',
};

/** The cars listing: raffles whose name contains "car" in cash, competition or tech. */
export function isCarRaffle(raffle: Pick<Raffle, 'name' | 'category'>): boolean {
  return (
    ['cash', 'competition', 'tech'].includes(raffle.category) && /\bcars?\b/i.test(raffle.name)
  );
}
