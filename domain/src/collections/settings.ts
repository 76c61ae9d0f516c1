import { z } from 'zod';
import { SOCIAL_LINK_PLACEHOLDER } from '../constants';
import { CUSTOM_CSS_MAX_LENGTH, customCssProblem, isSafeCustomCss } from '../customCss';
import {
  BUTTON_STYLES,
  CARD_STYLES,
  DEFAULT_SITE_SETTINGS,
  FONT_CHOICES,
  FOOTER_STYLES,
  LAYOUT_WIDTHS,
  NAVBAR_STYLES,
} from './settingsDefaults';

export const settingsCollection = 'settings';

/** The settings form's messages. */
export const SETTINGS_MESSAGES = {
  updated: 'Settings updated successfully',
  updateFailed: (group: 'general' | 'social media' | 'theme' | 'email') =>
    `Failed to update ${group} settings. Please try again.`,
  loadFailed: 'Failed to load settings...',
  offline: 'You are currently offline. Please check your internet connection.',
  connectionError: 'Unable to connect to the database. Please check your connection and try again.',
  siteNameRequired: 'Site name is required',
  contactEmailInvalid: 'Enter a valid contact email address, or leave it empty',
  supportPhoneInvalid: 'Use digits, spaces, brackets, dashes and a leading + only',
  colorInvalid: 'Use a hex colour such as #0A1930',
  radiusInvalid: 'Use a size from 0 to 4rem or 64px, such as 1rem or 8px',
  socialLinkInvalid: 'Enter a full link starting with https://, or leave it empty',
  companyNumberInvalid:
    'Enter the 8-character company number from Companies House, such as 01234567 or SC123456',
  /** Every live raffle names the postal entry address as its free entry route. */
  postalAddressInUse:
    'Live raffles give this postal entry address as their free entry route: switch them off ' +
    'before removing it.',
} as const;

/** Loading the settings page: 3 attempts, 1 s before the second, doubling. */
export const SETTINGS_LOAD_RETRY = { attempts: 3, initialDelayMs: 1000 } as const;

const color = z
  .string()
  .trim()
  .regex(/^#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, {
    error: SETTINGS_MESSAGES.colorInvalid,
  });

/** A border radius in rem or px, up to 4rem (64px): rounder would turn cards into lozenges. */
const borderRadius = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,3})?(rem|px)$/, SETTINGS_MESSAGES.radiusInvalid)
  .refine(
    (value) => Number.parseFloat(value) * (value.endsWith('rem') ? 16 : 1) <= 64,
    SETTINGS_MESSAGES.radiusInvalid,
  );

const customCss = z
  .string()
  .max(CUSTOM_CSS_MAX_LENGTH)
  .superRefine((css, context) => {
    const problem = customCssProblem(css);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** General: what the shop is called and who may use it. */
export const generalSettingsSchema = z
  .object({
    siteName: z.string().trim().min(1, SETTINGS_MESSAGES.siteNameRequired).max(80),
    siteDescription: z.string().trim().max(300),
    contactEmail: z.union([z.literal(''), z.email(SETTINGS_MESSAGES.contactEmailInvalid).max(320)]),
    supportPhone: z
      .string()
      .trim()
      .max(30)
      .regex(/^\+?[0-9 ()-]*$/, SETTINGS_MESSAGES.supportPhoneInvalid),
    address: z.string().trim().max(300),
    /** The operator's legal details, shown in every footer, the terms and every e-mail. */
    legalName: z.string().trim().max(160),
    companyNumber: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^([0-9]{8}|[A-Z]{2}[0-9]{6})?$/, SETTINGS_MESSAGES.companyNumberInvalid),
    registeredOffice: z.string().trim().max(300),
    /** Where free postal entries go: every raffle's postal entry text names it. */
    postalEntryAddress: z.string().trim().max(300),
    maintenanceMode: z.boolean(),
    registrationEnabled: z.boolean(),
    allowGuestViews: z.boolean(),
    /**
     * A wrong answer to a raffle's skill question: false (the default) lets the purchase go
     * ahead but leaves those tickets out of the draw, saying so plainly; true refuses it.
     */
    refuseWrongAnswers: z.boolean(),
  })
  .strict();
export type GeneralSettings = z.infer<typeof generalSettingsSchema>;

/**
 * Appearance. Custom JavaScript is deliberately not supported:
 * running administrator-supplied script on every shopper's page is an XSS vector. Custom CSS
 * is checked (see customCss.ts).
 */
export const themeSettingsSchema = z
  .object({
    themePrimaryColor: color,
    themeSecondaryColor: color,
    themeTextColor: color,
    themeBackgroundColor: color,
    themeAccentColor: color,
    themeFontFamily: z.enum(FONT_CHOICES),
    themeHeadingFont: z.enum(FONT_CHOICES),
    themeBorderRadius: borderRadius,
    themeButtonStyle: z.enum(BUTTON_STYLES),
    themeCardStyle: z.enum(CARD_STYLES),
    themeLayoutWidth: z.enum(LAYOUT_WIDTHS),
    themeNavbarStyle: z.enum(NAVBAR_STYLES),
    themeFooterStyle: z.enum(FOOTER_STYLES),
    themeCustomCss: customCss,
  })
  .strict();
export type ThemeSettings = z.infer<typeof themeSettingsSchema>;

export type SiteSettings = GeneralSettings & ThemeSettings;

/** Values the first version of the schema stored, read as their new names. */
const LEGACY_THEME_VALUES: Record<string, string> = { outlined: 'border', detailed: 'complex' };

/**
 * Reads one stored field: a value that no longer parses (an old enum, a hand edit) falls back
 * to its default rather than making the whole document unreadable, so the shop keeps its
 * look.
 */
function stored<S extends z.ZodType>(schema: S, fallback: z.output<S>) {
  return z
    .preprocess(
      (value) => (typeof value === 'string' ? (LEGACY_THEME_VALUES[value] ?? value) : value),
      schema,
    )
    .catch(fallback);
}

const generalShape = generalSettingsSchema.shape;
const themeShape = themeSettingsSchema.shape;
const D = DEFAULT_SITE_SETTINGS;

/** `settings/site`: one document, readable by everyone, written through an admin callable. */
export const siteSettingsSchema = z.object({
  siteName: stored(generalShape.siteName, D.siteName),
  siteDescription: stored(generalShape.siteDescription, D.siteDescription),
  contactEmail: stored(generalShape.contactEmail, D.contactEmail),
  supportPhone: stored(generalShape.supportPhone, D.supportPhone),
  address: stored(generalShape.address, D.address),
  legalName: stored(generalShape.legalName, D.legalName),
  companyNumber: stored(generalShape.companyNumber, D.companyNumber),
  registeredOffice: stored(generalShape.registeredOffice, D.registeredOffice),
  postalEntryAddress: stored(generalShape.postalEntryAddress, D.postalEntryAddress),
  maintenanceMode: stored(generalShape.maintenanceMode, D.maintenanceMode),
  registrationEnabled: stored(generalShape.registrationEnabled, D.registrationEnabled),
  allowGuestViews: stored(generalShape.allowGuestViews, D.allowGuestViews),
  refuseWrongAnswers: stored(generalShape.refuseWrongAnswers, D.refuseWrongAnswers),
  themePrimaryColor: stored(themeShape.themePrimaryColor, D.themePrimaryColor),
  themeSecondaryColor: stored(themeShape.themeSecondaryColor, D.themeSecondaryColor),
  themeTextColor: stored(themeShape.themeTextColor, D.themeTextColor),
  themeBackgroundColor: stored(themeShape.themeBackgroundColor, D.themeBackgroundColor),
  themeAccentColor: stored(themeShape.themeAccentColor, D.themeAccentColor),
  themeFontFamily: stored(themeShape.themeFontFamily, D.themeFontFamily),
  themeHeadingFont: stored(themeShape.themeHeadingFont, D.themeHeadingFont),
  themeBorderRadius: stored(themeShape.themeBorderRadius, D.themeBorderRadius),
  themeButtonStyle: stored(themeShape.themeButtonStyle, D.themeButtonStyle),
  themeCardStyle: stored(themeShape.themeCardStyle, D.themeCardStyle),
  themeLayoutWidth: stored(themeShape.themeLayoutWidth, D.themeLayoutWidth),
  themeNavbarStyle: stored(themeShape.themeNavbarStyle, D.themeNavbarStyle),
  themeFooterStyle: stored(themeShape.themeFooterStyle, D.themeFooterStyle),
  // Never apply a stylesheet that fails the checks, however it was stored.
  themeCustomCss: stored(
    z.string().refine((css) => isSafeCustomCss(css)),
    D.themeCustomCss,
  ),
});

/** A configured link: an absolute http(s) address (never javascript: or data:). */
const socialUrl = z.url({
  protocol: /^https?$/,
  hostname: z.regexes.domain,
  error: SETTINGS_MESSAGES.socialLinkInvalid,
});
const storedSocialLink = z.union([z.literal(SOCIAL_LINK_PLACEHOLDER), socialUrl.max(500)]);

/** A link as the form and the callable take it: blank (or '#') means not configured. */
const socialLinkField = z
  .string()
  .trim()
  .max(500, SETTINGS_MESSAGES.socialLinkInvalid)
  .transform((value) => value || SOCIAL_LINK_PLACEHOLDER)
  .pipe(storedSocialLink);

/** Social Media: the Social Media tab's form and its callable. */
export const socialLinksSchema = z
  .object({
    facebook: socialLinkField,
    twitter: socialLinkField,
    instagram: socialLinkField,
    linkedin: socialLinkField,
    youtube: socialLinkField,
    tiktok: socialLinkField,
    website: socialLinkField,
  })
  .strict();
export type SocialSettings = z.output<typeof socialLinksSchema>;

const storedLinkOrPlaceholder = storedSocialLink.catch(SOCIAL_LINK_PLACEHOLDER);

/** `settings/social`: links in the footer; a missing or unreadable link reads as '#'. */
export const socialSettingsSchema = z.object({
  facebook: storedLinkOrPlaceholder,
  twitter: storedLinkOrPlaceholder,
  instagram: storedLinkOrPlaceholder,
  linkedin: storedLinkOrPlaceholder,
  youtube: storedLinkOrPlaceholder,
  tiktok: storedLinkOrPlaceholder,
  website: storedLinkOrPlaceholder,
});
