import type { SiteSettings } from './collections/settings';
import { clipText } from './text';

/** The icons the manifest lists (web/public/icons), in the sizes browsers ask for. */
export const MANIFEST_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
] as const;

/**
 * The web app manifest (`/manifest.webmanifest`): the shop's name and colours from Site
 * Settings, so an installed shop looks like the shop an administrator set up.
 */
export function webManifest(
  settings: Pick<SiteSettings, 'siteName' | 'themePrimaryColor' | 'themeBackgroundColor'>,
) {
  const name = settings.siteName.trim() || 'RaffleWin';
  return {
    id: '/',
    name,
    short_name: name.length <= 12 ? name : clipText(name, 12).trimEnd(),
    description: `${name}: UK prize draws`,
    lang: 'en-GB',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: settings.themeBackgroundColor,
    theme_color: settings.themePrimaryColor,
    icons: MANIFEST_ICONS,
  };
}
