/**
 * The site's settings as the shop starts with them, and the choices they take: plain values,
 * kept apart from the settings schemas (and zod) so that the first screen can paint with the
 * defaults before the schemas that parse `settings/site` have loaded.
 */
import { SOCIAL_LINK_PLACEHOLDER } from '../constants';
import type { SiteSettings, SocialSettings } from './settings';

/** The theme's choices. */
export const BUTTON_STYLES = ['rounded', 'square', 'pill'] as const;
export const CARD_STYLES = ['shadow', 'border', 'flat'] as const;
export const LAYOUT_WIDTHS = ['container', 'full', 'narrow'] as const;
export const NAVBAR_STYLES = ['fixed', 'static', 'transparent'] as const;
export const FOOTER_STYLES = ['simple', 'complex', 'minimal'] as const;

/** The fonts offered; Roboto and Open Sans are served by the shop itself. */
export const FONT_CHOICES = [
  'system-ui',
  'Arial',
  'Helvetica',
  'Georgia',
  'Roboto',
  'Open Sans',
] as const;

export type ButtonStyle = (typeof BUTTON_STYLES)[number];
export type CardStyle = (typeof CARD_STYLES)[number];
export type LayoutWidth = (typeof LAYOUT_WIDTHS)[number];
export type NavbarStyle = (typeof NAVBAR_STYLES)[number];
export type FooterStyle = (typeof FOOTER_STYLES)[number];
export type FontChoice = (typeof FONT_CHOICES)[number];

/**
 * The defaults of `settings/site`, used when the document is missing or a field is
 * unreadable. The site name is RaffleWin, matching the `rafflewin_cart` storage key.
 */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  siteName: 'RaffleWin',
  siteDescription: 'UK prize draws: cash, cars, tech and charity competitions.',
  contactEmail: '',
  supportPhone: '',
  address: '',
  legalName: '',
  companyNumber: '',
  registeredOffice: '',
  postalEntryAddress: '',
  maintenanceMode: false,
  registrationEnabled: true,
  allowGuestViews: true,
  themePrimaryColor: '#0A1930',
  themeSecondaryColor: '#FFD700',
  themeTextColor: '#000000',
  themeBackgroundColor: '#f8f9fa',
  themeAccentColor: '#9333ea',
  themeFontFamily: 'system-ui',
  themeHeadingFont: 'system-ui',
  themeBorderRadius: '1rem',
  themeButtonStyle: 'rounded',
  themeCardStyle: 'shadow',
  themeLayoutWidth: 'container',
  themeNavbarStyle: 'fixed',
  themeFooterStyle: 'simple',
  themeCustomCss: '',
  refuseWrongAnswers: false,
};

/** Social links; '#' means not configured. */
export const SOCIAL_NETWORKS = [
  'facebook',
  'twitter',
  'instagram',
  'linkedin',
  'youtube',
  'tiktok',
  'website',
] as const;

export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const DEFAULT_SOCIAL_SETTINGS: SocialSettings = {
  facebook: SOCIAL_LINK_PLACEHOLDER,
  twitter: SOCIAL_LINK_PLACEHOLDER,
  instagram: SOCIAL_LINK_PLACEHOLDER,
  linkedin: SOCIAL_LINK_PLACEHOLDER,
  youtube: SOCIAL_LINK_PLACEHOLDER,
  tiktok: SOCIAL_LINK_PLACEHOLDER,
  website: SOCIAL_LINK_PLACEHOLDER,
};

export function isPlaceholderLink(link: string | undefined): boolean {
  return !link || link === SOCIAL_LINK_PLACEHOLDER;
}
