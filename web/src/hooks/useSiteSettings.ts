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
  social: SocialSettings;
  status: LoadStatus;
}

export const SiteSettingsContext = createContext<SiteSettingsState>({
  settings: DEFAULT_SITE_SETTINGS,
  social: DEFAULT_SOCIAL_SETTINGS,
  status: 'loading',
});

/** Site settings, live; the spec defaults while loading, when missing or unreadable. */
export function useSiteSettings(): SiteSettingsState {
  return useContext(SiteSettingsContext);
}
