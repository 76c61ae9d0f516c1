import {
  ENDING_SOON_WINDOW_MS,
  LIVE_RAFFLES_PAGE,
  isLive,
  rafflesCollection,
  type Raffle,
  type RaffleCategory,
} from '@rafflewin/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useClockAt } from '@/hooks/useClockAt';
import type { LoadStatus } from '@/lib/realtime';
import { useShopQuery, type QueryShape } from '@/lib/shopReads';

/** The live raffles query (of `categoryKey`'s categories, comma-separated, or all). */
export function liveRafflesShape(categoryKey = '', size = LIVE_RAFFLES_PAGE): QueryShape {
  return {
    collection: rafflesCollection,
    where: [
      ['active', '==', true],
      ['drawStatus', '==', 'pending'],
      ...(categoryKey ? [['category', 'in', categoryKey.split(',')] as const] : []),
    ],
    orderBy: ['createdAt', 'desc'],
    limit: size,
  };
}

interface Span {
  since: Date;
  until: Date;
}

/** The span the page's first screen read Ending Soon for (app/firstScreen.ts), if it did. */
let firstScreenSpan: Span | null = null;
/** How long that span stands for "from now" (a page mounted later reads a fresh one). */
const FIRST_SCREEN_SPAN_MS = 60_000;
/**
 * How long a page keeps one Ending Soon read before it reads again from the time then. The read
 * reaches this far beyond the window, so a raffle entering the window meanwhile is already read
 * (the list itself is cut to the window every minute: EndingSoon).
 */
const SPAN_RENEWED_MS = 60 * 60_000;

/** Ending Soon's span from now: the window and the time until the read is renewed. */
function spanFromNow(): Span {
  const since = new Date();
  return { since, until: new Date(since.getTime() + ENDING_SOON_WINDOW_MS + SPAN_RENEWED_MS) };
}

/** Ending Soon's window: the first screen's while it is recent (so its read is used), else now's. */
function endingSoonSpan(): Span {
  const span = firstScreenSpan;
  return span && Date.now() - span.since.getTime() < FIRST_SCREEN_SPAN_MS ? span : spanFromNow();
}

/** Ending Soon's query: live raffles closing within the span, soonest first. */
function endingSoonShape(span: Span): QueryShape {
  return {
    collection: rafflesCollection,
    where: [
      ['active', '==', true],
      ['endDate', '>', span.since],
      ['endDate', '<=', span.until],
    ],
    orderBy: ['endDate', 'asc'],
    limit: LIVE_RAFFLES_PAGE,
  };
}

/** Ending Soon's query for the first screen, from now; the page's own read will be this one. */
export function firstScreenEndingSoonShape(): QueryShape {
  firstScreenSpan = spanFromNow();
  return endingSoonShape(firstScreenSpan);
}

/**
 * The raffles of `data` live now: read again when one of them starts (the query holds those
 * not started yet), so a raffle that starts while the page is open shows when it starts.
 */
function useLiveNow(data: Raffle[]): Raffle[] {
  const starts = useMemo(() => data.map((raffle) => raffle.startDate.getTime()), [data]);
  const clock = useClockAt(starts);
  return useMemo(() => {
    const now = new Date(Math.max(clock.getTime(), Date.now()));
    return data.filter((raffle) => isLive(raffle, now));
  }, [data, clock]);
}

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
 * Live raffles (of the given categories, or all), newest first, a page at a time and kept live:
 * sold counts update as they change. The query takes the
 * switched-on raffles not yet drawn (the scheduler draws a raffle within minutes of its close),
 * so it never reads the shop's past; those closed or not yet started are dropped as they read,
 * and one not yet started shows when it starts.
 */
export function useLiveRaffles(categories?: readonly RaffleCategory[]): LiveRaffles {
  const [pages, setPages] = useState(1);
  const categoryKey = categories?.join(',') ?? '';
  const size = pages * LIVE_RAFFLES_PAGE;
  const shape = useMemo(() => liveRafflesShape(categoryKey, size), [categoryKey, size]);
  const { status, data } = useShopQuery('raffle', shape);
  const raffles = useLiveNow(data);
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
 * Live raffles closing within Ending Soon's window, soonest first: a read of its own, so a
 * raffle closing tomorrow shows however many newer ones there are. The read is renewed from the
 * time then every hour a page stays open (one query per span: a new Date on every render would
 * be a new query and a new listener), the last answer staying on screen while it is.
 */
export function useRafflesEndingSoon(): { status: LoadStatus; raffles: Raffle[] } {
  const [span, setSpan] = useState(endingSoonSpan);
  const renewAt = span.since.getTime() + SPAN_RENEWED_MS;
  const clock = useClockAt([renewAt]);
  useEffect(() => {
    if (clock.getTime() >= renewAt) setSpan(spanFromNow());
  }, [clock, renewAt]);
  const shape = useMemo(() => endingSoonShape(span), [span]);
  const read = useShopQuery('raffle', shape);
  const shown = useRef(read);
  if (read.status !== 'loading') shown.current = read;
  const { status, data } = read.status === 'loading' ? shown.current : read;
  const raffles = useLiveNow(data);
  return { status, raffles };
}
