import { raffleNamedByLink, SCROLL_TO_RAFFLE_DELAY_MS } from '@rafflewin/domain';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** How long a raffle reached from a link stays highlighted. */
export const RAFFLE_HIGHLIGHT_MS = 3000;

/** The router state a link passes to bring one raffle into view on its listing page. */
export interface RaffleLinkState {
  raffleId: string;
  endingSoon?: boolean;
}

/** The DOM id of a raffle's card, the target `useHighlightRaffle` scrolls to. */
export function raffleCardId(raffleId: string): string {
  return `raffle-card-${raffleId}`;
}

function raffleIdFrom(state: unknown, search: string): string | null {
  if (typeof state === 'object' && state !== null && 'raffleId' in state) {
    if (typeof state.raffleId === 'string') return state.raffleId;
  }
  // Links that cannot carry router state (carousel slides: "/charity?raffle={id}").
  return raffleNamedByLink(search);
}

/**
 * When the page was reached with `state.raffleId` (Enter Now from Ending Soon)
 * or a `?raffle={id}` link (a carousel slide made from a raffle),
 * scrolls that raffle's card into view 300 ms after it is rendered and returns its id while it
 * should be highlighted (3 s), otherwise null. Pass the raffles the page renders as cards: the
 * wait starts only once the raffle is among them, so a list still loading is fine.
 */
export function useHighlightRaffle(shownRaffles: readonly { id: string }[]): string | null {
  const location = useLocation();
  const raffleId = raffleIdFrom(location.state, location.search);
  const isShown = raffleId !== null && shownRaffles.some((raffle) => raffle.id === raffleId);
  // Keyed by navigation, so a second arrival within 3 s restarts the highlight.
  const [highlight, setHighlight] = useState<{ raffleId: string; navigation: string } | null>(null);
  // One scroll per navigation: live updates to the list must not scroll the page again.
  const handledNavigation = useRef<string | null>(null);

  useEffect(() => {
    if (!raffleId || !isShown || handledNavigation.current === location.key) return undefined;
    const timer = setTimeout(() => {
      handledNavigation.current = location.key;
      const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      document
        .getElementById(raffleCardId(raffleId))
        ?.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'center' });
      setHighlight({ raffleId, navigation: location.key });
    }, SCROLL_TO_RAFFLE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [raffleId, isShown, location.key]);

  useEffect(() => {
    if (!highlight) return undefined;
    const timer = setTimeout(() => setHighlight(null), RAFFLE_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlight]);

  return highlight?.raffleId ?? null;
}
