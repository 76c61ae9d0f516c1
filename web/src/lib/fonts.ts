/**
 * The theme's fonts. System fonts need nothing; Roboto and Open Sans are
 * self-hosted (@fontsource, bundled by Vite) rather than fetched from Google Fonts, which
 * would send every shopper's address to a third party. Each is a separate chunk, loaded only
 * when the theme uses it.
 */
import type { FontChoice } from '@rafflewin/domain';

/** The CSS font stack for each choice, with fallbacks of the same kind. */
export const FONT_STACKS: Record<FontChoice, string> = {
  'system-ui': 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  Arial: 'Arial, "Helvetica Neue", Helvetica, sans-serif',
  Helvetica: 'Helvetica, "Helvetica Neue", Arial, sans-serif',
  Georgia: 'Georgia, "Times New Roman", Times, serif',
  Roboto: 'Roboto, system-ui, -apple-system, "Segoe UI", Arial, sans-serif',
  'Open Sans': '"Open Sans", system-ui, -apple-system, "Segoe UI", Arial, sans-serif',
};

const WEB_FONTS: Partial<Record<FontChoice, () => Promise<unknown>>> = {
  Roboto: () =>
    Promise.all([
      import('@fontsource/roboto/latin-400.css'),
      import('@fontsource/roboto/latin-500.css'),
      import('@fontsource/roboto/latin-700.css'),
    ]),
  'Open Sans': () =>
    Promise.all([
      import('@fontsource/open-sans/latin-400.css'),
      import('@fontsource/open-sans/latin-600.css'),
      import('@fontsource/open-sans/latin-700.css'),
    ]),
};

const loaded = new Set<FontChoice>();

/** Loads a self-hosted font's stylesheet once; system fonts need nothing. */
export function loadFont(font: FontChoice): void {
  const load = WEB_FONTS[font];
  if (!load || loaded.has(font)) return;
  loaded.add(font);
  load().catch(() => loaded.delete(font));
}
