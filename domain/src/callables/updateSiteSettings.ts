import { z } from 'zod';
import {
  generalSettingsSchema,
  socialLinksSchema,
  themeSettingsSchema,
} from '../collections/settings';
import { answer, defineCallable } from './contract';

/** The tabs whose settings are public documents the shop reads. */
export const SITE_SETTINGS_GROUPS = ['general', 'theme', 'social'] as const;
export type SiteSettingsGroup = (typeof SITE_SETTINGS_GROUPS)[number];

/**
 * `updateSiteSettings` (administrators): saves one tab of Site Settings, like the spec's
 * update_site_settings {settings: object of the relevant group}. General and Appearance
 * replace their fields of `settings/site`, Social Media replaces `settings/social`. Each tab's
 * form validates with the same schema.
 */
export const updateSiteSettingsInput = z.discriminatedUnion('group', [
  z.object({ group: z.literal('general'), settings: generalSettingsSchema }).strict(),
  z.object({ group: z.literal('theme'), settings: themeSettingsSchema }).strict(),
  z.object({ group: z.literal('social'), settings: socialLinksSchema }).strict(),
]);
export type UpdateSiteSettingsInput = z.input<typeof updateSiteSettingsInput>;

export const updateSiteSettingsContract = defineCallable({
  name: 'updateSiteSettings',
  access: 'admin',
  input: updateSiteSettingsInput,
  output: answer<{ group: string }>(),
});
