import {
  DEFAULT_SITE_SETTINGS,
  DEFAULT_SOCIAL_SETTINGS,
  type SiteSettings,
  type SocialSettings,
} from '@rafflewin/domain';
import { createContext, useContext } from 'react';
import type { LoadStatus } from '@/lib/realtime';

export interface SiteSettingsState {
  settings: SiteSettings;
  status: LoadStatus;
}

export const SiteSettingsContext = createContext<SiteSettingsState>({
  settings: DEFAULT_SITE_SETTINGS,
  status: 'loading',
});

/**
 * The footer's social links, a context of their own: their arrival re-renders the footer, not
 * every reader of the site settings.
 */
export const SocialLinksContext = createContext<SocialSettings>(DEFAULT_SOCIAL_SETTINGS);

/** Site settings, live; their defaults while loading, when missing or unreadable. */
export function useSiteSettings(): SiteSettingsState {
  return useContext(SiteSettingsContext);
}

/** The social links (`settings/social`), live; '#' for each not configured. */
export function useSocialLinks(): SocialSettings {
  return useContext(SocialLinksContext);
}
