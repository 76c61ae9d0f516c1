import { STORAGE_KEYS, setDisplayTimeZone } from '@rafflewin/domain';

/**
 * Dates and times show in the signed-in customer's chosen time zone (account preferences),
 * UK time otherwise. The zone is kept in this browser so it applies before the first paint;
 * the session provider brings it up to date from the account's settings.
 */
export function applyStoredTimeZone(): void {
  setDisplayTimeZone(localStorage.getItem(STORAGE_KEYS.timeZone));
}

/** Shows times in `zone` (null: UK time) and remembers it; answers the zone applied. */
export function applyTimeZone(zone: string | null): string {
  const applied = setDisplayTimeZone(zone);
  if (zone) localStorage.setItem(STORAGE_KEYS.timeZone, applied);
  else localStorage.removeItem(STORAGE_KEYS.timeZone);
  return applied;
}
