import { z } from 'zod';
import { SOCIAL_LINK_PLACEHOLDER } from '../constants';

export const settingsCollection = 'settings';
export const SITE_SETTINGS_PATH = 'settings/site';
export const SOCIAL_SETTINGS_PATH = 'settings/social';

const color = z.string().regex(/^#[0-9a-fA-F]{3,8}$/, 'Use a hex colour such as #0A1930');

export const BUTTON_STYLES = ['rounded', 'square', 'pill'] as const;
export const CARD_STYLES = ['shadow', 'flat', 'outlined'] as const;
export const LAYOUT_WIDTHS = ['container', 'full'] as const;
export const NAVBAR_STYLES = ['fixed', 'static'] as const;
export const FOOTER_STYLES = ['simple', 'detailed'] as const;

/** `settings/site`: one document, readable by everyone, written by admins. */
export const siteSettingsSchema = z.object({
  siteName: z.string().min(1).max(80),
  maintenanceMode: z.boolean(),
  registrationEnabled: z.boolean(),
  allowGuestViews: z.boolean(),
  themePrimaryColor: color,
  themeSecondaryColor: color,
  themeTextColor: color,
  themeBackgroundColor: color,
  themeAccentColor: color,
  themeFontFamily: z.string().min(1).max(200),
  themeHeadingFont: z.string().min(1).max(200),
  themeBorderRadius: z.string().regex(/^\d+(\.\d+)?(rem|px)$/, 'Use a size such as 1rem or 8px'),
  themeButtonStyle: z.enum(BUTTON_STYLES),
  themeCardStyle: z.enum(CARD_STYLES),
  themeLayoutWidth: z.enum(LAYOUT_WIDTHS),
  themeNavbarStyle: z.enum(NAVBAR_STYLES),
  themeFooterStyle: z.enum(FOOTER_STYLES),
  themeCustomCss: z.string().max(20_000),
  /**
   * A wrong answer to a raffle's skill question: false (the spec's flow) lets the purchase go
   * ahead but leaves those tickets out of the draw, saying so plainly; true refuses it.
   */
  refuseWrongAnswers: z.boolean().default(false),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/**
 * Defaults of accounts §3, used when the document is missing or unreadable. The spec's
 * site name is "a giveaways brand name (not reproduced)": ours is RaffleWin, matching the
 * `rafflewin_cart` storage key. The spec's `theme_custom_js` is deliberately not supported:
 * running administrator-supplied script on every shopper's page is an XSS vector.
 */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  siteName: 'RaffleWin',
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

const socialLink = z.union([z.literal(SOCIAL_LINK_PLACEHOLDER), z.url().max(500)]);

export const SOCIAL_NETWORKS = ['facebook', 'twitter', 'instagram', 'youtube', 'tiktok'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** `settings/social`: links in the footer; '#' means not configured. */
export const socialSettingsSchema = z.object({
  facebook: socialLink,
  twitter: socialLink,
  instagram: socialLink,
  youtube: socialLink,
  tiktok: socialLink,
});
export type SocialSettings = z.infer<typeof socialSettingsSchema>;

export const DEFAULT_SOCIAL_SETTINGS: SocialSettings = {
  facebook: SOCIAL_LINK_PLACEHOLDER,
  twitter: SOCIAL_LINK_PLACEHOLDER,
  instagram: SOCIAL_LINK_PLACEHOLDER,
  youtube: SOCIAL_LINK_PLACEHOLDER,
  tiktok: SOCIAL_LINK_PLACEHOLDER,
};

export function isPlaceholderLink(link: string | undefined): boolean {
  return !link || link === SOCIAL_LINK_PLACEHOLDER;
}
