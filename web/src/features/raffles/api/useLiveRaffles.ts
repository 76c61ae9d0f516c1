import {
  ENDING_SOON_WINDOW_MS,
  LIVE_RAFFLES_PAGE,
  isLive,
  rafflesCollection,
  type Raffle,
  type RaffleCategory,
} from '@rafflewin/domain';
import { useCallback, useMemo, useState } from 'react';
import type { LoadStatus } from '@/lib/realtime';
import { useShopQuery, type QueryShape } from '@/lib/shopReads';

export interface LiveRaffles {
  status: LoadStatus;
  raffles: Raffle[];
  /** More raffles than shown may be live. */
  hasMore: boolean;
  /** True while the next page is being read (what is shown stays on screen). */
  loadingMore: boolean;
  showMore: () => void;
}

/**
 * Live raffles (of the given categories, or all), newest first as the spec orders the active
 * list, a page at a time and kept live: sold counts update as they change. The query takes the
 * switched-on raffles not yet drawn (the scheduler draws a raffle within minutes of its close),
 * so it never reads the shop's past; those closed or not yet started are dropped as they read.
 */
export function useLiveRaffles(categories?: readonly RaffleCategory[]): LiveRaffles {
  const [pages, setPages] = useState(1);
  const categoryKey = categories?.join(',') ?? '';
  const size = pages * LIVE_RAFFLES_PAGE;
  const shape = useMemo(
    (): QueryShape => ({
      collection: rafflesCollection,
      where: [
        ['active', '==', true],
        ['drawStatus', '==', 'pending'],
        ...(categoryKey ? [['category', 'in', categoryKey.split(',')] as const] : []),
      ],
      orderBy: ['createdAt', 'desc'],
      limit: size,
    }),
    [categoryKey, size],
  );
  const { status, data } = useShopQuery('raffle', shape);
  const raffles = useMemo(() => data.filter((r) => isLive(r, new Date())), [data]);
  const loadingMore = pages > 1 && status === 'loading';
  const showMore = useCallback(() => setPages((shown) => shown + 1), []);
  return {
    // The next page's read keeps what is shown on screen.
    status: loadingMore ? 'success' : status,
    raffles,
    hasMore: data.length >= size,
    loadingMore,
    showMore,
  };
}

/**
 * Live raffles closing within Ending Soon's window, soonest first: the spec's own read, so a
 * raffle closing tomorrow shows however many newer ones there are.
 */
export function useRafflesEndingSoon(): { status: LoadStatus; raffles: Raffle[] } {
  // Fixed per mount: a new Date on every render would be a new query and a new listener.
  const [span] = useState(() => {
    const since = new Date();
    return { since, until: new Date(since.getTime() + ENDING_SOON_WINDOW_MS) };
  });
  const shape = useMemo(
    (): QueryShape => ({
      collection: rafflesCollection,
      where: [
        ['active', '==', true],
        ['endDate', '>', span.since],
        ['endDate', '<=', span.until],
      ],
      orderBy: ['endDate', 'asc'],
      limit: LIVE_RAFFLES_PAGE,
    }),
    [span],
  );
  const { status, data } = useShopQuery('raffle', shape);
  const raffles = useMemo(() => data.filter((r) => isLive(r, new Date())), [data]);
  return { status, raffles };
}
