import { useEffect, useState } from 'react';

/** setTimeout's longest delay (about 24.8 days); later instants are reached in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * The current time, refreshed only at the given instants (epoch ms), e.g. when a raffle
 * starts, turns "ending soon" and ends: a card changes state at the right moment without
 * re-rendering every second.
 */
export function useClockAt(instants: readonly number[]): Date {
  const [now, setNow] = useState(() => new Date());
  const key = instants.join(',');
  useEffect(() => {
    const upcoming = key
      .split(',')
      .map(Number)
      .filter((instant) => instant > now.getTime());
    if (upcoming.length === 0) return undefined;
    const delay = Math.min(Math.min(...upcoming) - Date.now() + 1, MAX_DELAY_MS);
    const timer = setTimeout(() => setNow(new Date()), Math.max(0, delay));
    return () => clearTimeout(timer);
  }, [key, now]);
  return now;
}
