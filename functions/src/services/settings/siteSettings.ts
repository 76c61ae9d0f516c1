import {
  SETTINGS_MESSAGES,
  SITE_SETTINGS_PATH,
  ShopError,
  hasPostalEntryAddress,
  SOCIAL_SETTINGS_PATH,
  siteSettingsSchema,
  socialSettingsSchema,
  type GeneralSettings,
  type SavedSiteSettings,
  type SiteSettingsGroup,
  type SocialSettings,
  type ThemeSettings,
} from '@rafflewin/domain';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { isDeepStrictEqual } from 'node:util';
import { rafflesRef } from '../../lib/collections';
import type { Caller } from '../../lib/access';
import { recordAudit } from '../admin/audit';

/** A tab's new values, and the tab as its form was filled (`seen`; without it, all are new). */
export type SiteSettingsChange =
  | { group: 'general'; settings: GeneralSettings; seen?: GeneralSettings }
  | { group: 'theme'; settings: ThemeSettings; seen?: ThemeSettings }
  | { group: 'social'; settings: SocialSettings; seen?: SocialSettings };

const DOCUMENTS: Record<
  SiteSettingsGroup,
  { path: string; schema: typeof siteSettingsSchema | typeof socialSettingsSchema }
> = {
  general: { path: SITE_SETTINGS_PATH, schema: siteSettingsSchema },
  theme: { path: SITE_SETTINGS_PATH, schema: siteSettingsSchema },
  social: { path: SOCIAL_SETTINGS_PATH, schema: socialSettingsSchema },
};

/**
 * Live raffles name the postal entry address as their free entry route: it cannot be removed
 * while any raffle is switched on (the raffles' switches read the settings in their own
 * transactions, so the two cannot cross).
 */
async function assertPostalAddressKept(
  tx: Transaction,
  db: Firestore,
  group: SiteSettingsGroup,
  saved: Record<string, unknown>,
) {
  if (group !== 'general' || hasPostalEntryAddress(saved as GeneralSettings)) return;
  const live = await tx.get(rafflesRef(db).where('active', '==', true).limit(1).select());
  if (!live.empty) throw new ShopError('failed-precondition', SETTINGS_MESSAGES.postalAddressInUse);
}

/**
 * Saves one tab of Site Settings with its audit entry, in one transaction. The document is
 * rewritten whole: what is stored is read as the shop reads it (missing or outdated fields
 * become their defaults), then the fields this administrator changed (those that differ from
 * what their form was filled with) replace their old values, so the document always holds
 * every field in its current form and a change saved meanwhile by someone else stays. Answers
 * the tab as stored.
 */
export async function saveSiteSettings(
  db: Firestore,
  admin: Caller,
  change: SiteSettingsChange,
  now = new Date(),
): Promise<SavedSiteSettings> {
  const { path, schema } = DOCUMENTS[change.group];
  const ref = db.doc(path);
  const settings: Record<string, unknown> = change.settings;
  const seen: Record<string, unknown> | undefined = change.seen;
  const tabKeys = Object.keys(settings);
  const edited = Object.fromEntries(
    Object.entries(settings).filter(
      ([key, value]) => !seen || !isDeepStrictEqual(value, seen[key]),
    ),
  );
  return db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    const current: Record<string, unknown> = schema.parse(snapshot.data() ?? {});
    const saved = { ...current, ...edited };
    await assertPostalAddressKept(tx, db, change.group, saved);
    const stored = snapshot.data() ?? {};
    const keys = Object.keys(edited);
    tx.set(ref, saved);
    recordAudit(
      db,
      tx,
      admin,
      {
        action: `settings.${change.group}.update`,
        target: path,
        before: snapshot.exists ? Object.fromEntries(keys.map((key) => [key, stored[key]])) : null,
        after: edited,
      },
      now,
    );
    return {
      group: change.group,
      settings: Object.fromEntries(tabKeys.map((key) => [key, saved[key]])),
    } as SavedSiteSettings;
  });
}
