import { z } from 'zod';
import {
  generalSettingsSchema,
  socialLinksSchema,
  themeSettingsSchema,
  type GeneralSettings,
  type SocialSettings,
  type ThemeSettings,
} from '../collections/settings';
import { answer, defineCallable } from './contract';

/** The tabs whose settings are public documents the shop reads. */
export const SITE_SETTINGS_GROUPS = ['general', 'theme', 'social'] as const;
export type SiteSettingsGroup = (typeof SITE_SETTINGS_GROUPS)[number];

/**
 * `updateSiteSettings` (administrators): saves one tab of Site Settings (the fields of one
 * group). General and Appearance replace their fields of `settings/site`, Social Media replaces
 * `settings/social`. Each tab's form validates with the same schema. `seen` is the tab as the
 * form was filled: only the fields that differ from it are saved, so a form filled before
 * another administrator's change (maintenance mode switched on meanwhile) does not undo it.
 * Answers the tab as stored.
 */
export const updateSiteSettingsInput = z.discriminatedUnion('group', [
  z
    .object({
      group: z.literal('general'),
      settings: generalSettingsSchema,
      seen: generalSettingsSchema.optional(),
    })
    .strict(),
  z
    .object({
      group: z.literal('theme'),
      settings: themeSettingsSchema,
      seen: themeSettingsSchema.optional(),
    })
    .strict(),
  z
    .object({
      group: z.literal('social'),
      settings: socialLinksSchema,
      seen: socialLinksSchema.optional(),
    })
    .strict(),
]);
export type UpdateSiteSettingsInput = z.input<typeof updateSiteSettingsInput>;

/** A tab of Site Settings as stored after a save (with any other administrator's changes). */
export type SavedSiteSettings =
  | { group: 'general'; settings: GeneralSettings }
  | { group: 'theme'; settings: ThemeSettings }
  | { group: 'social'; settings: SocialSettings };

export const updateSiteSettingsContract = defineCallable({
  name: 'updateSiteSettings',
  access: 'admin',
  input: updateSiteSettingsInput,
  output: answer<SavedSiteSettings>(),
});
