/**
 * The visitor's cookie choices, kept on their device under
 * `STORAGE_KEYS.cookiePreferences`. Strictly necessary cookies cannot be refused, so `necessary` is always true.
 */
export interface CookiePreferences {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
}

export const ALL_COOKIES: CookiePreferences = { necessary: true, analytics: true, marketing: true };
export const NECESSARY_COOKIES_ONLY: CookiePreferences = {
  necessary: true,
  analytics: false,
  marketing: false,
};

/**
 * Reads stored cookie choices. Returns null when nothing is stored or the text is not valid
 * choices, so the banner asks again rather than guessing consent.
 */
export function parseCookiePreferences(text: string | null): CookiePreferences | null {
  if (text === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  // A plain check, not a schema: the banner reads the choices for the first paint, which
  // does not load zod.
  if (json === null || typeof json !== 'object') return null;
  const { necessary, analytics, marketing } = json as Partial<Record<string, unknown>>;
  if (necessary !== true || typeof analytics !== 'boolean' || typeof marketing !== 'boolean') {
    return null;
  }
  return { necessary, analytics, marketing };
}

/** The stored form: `{"necessary":true,"analytics":…,"marketing":…}`, nothing else. */
export function serializeCookiePreferences(preferences: CookiePreferences): string {
  const { analytics, marketing } = preferences;
  return JSON.stringify({ necessary: true, analytics, marketing });
}
