import {
  SETTINGS_MESSAGES,
  SITE_SETTINGS_PATH,
  ShopError,
  hasPostalEntryAddress,
  SOCIAL_SETTINGS_PATH,
  siteSettingsSchema,
  socialSettingsSchema,
  type GeneralSettings,
  type SiteSettingsGroup,
  type SocialSettings,
  type ThemeSettings,
} from '@rafflewin/domain';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { rafflesRef } from '../../lib/collections';
import type { Caller } from '../../lib/access';
import { recordAudit } from '../admin/audit';

export type SiteSettingsChange =
  | { group: 'general'; settings: GeneralSettings }
  | { group: 'theme'; settings: ThemeSettings }
  | { group: 'social'; settings: SocialSettings };

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
async function assertPostalAddressKept(tx: Transaction, db: Firestore, change: SiteSettingsChange) {
  if (change.group !== 'general' || hasPostalEntryAddress(change.settings)) return;
  const live = await tx.get(rafflesRef(db).where('active', '==', true).limit(1).select());
  if (!live.empty) throw new ShopError('failed-precondition', SETTINGS_MESSAGES.postalAddressInUse);
}

/**
 * Saves one tab of Site Settings with its audit entry, in one transaction. The document is
 * rewritten whole: what is stored is read as the shop reads it (missing or outdated fields
 * become their defaults), then the tab's fields replace their old values, so the document
 * always holds every field in its current form.
 */
export async function saveSiteSettings(
  db: Firestore,
  admin: Caller,
  change: SiteSettingsChange,
  now = new Date(),
): Promise<void> {
  const { path, schema } = DOCUMENTS[change.group];
  const ref = db.doc(path);
  await db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    await assertPostalAddressKept(tx, db, change);
    const current: Record<string, unknown> = schema.parse(snapshot.data() ?? {});
    const stored = snapshot.data() ?? {};
    const keys = Object.keys(change.settings);
    tx.set(ref, { ...current, ...change.settings });
    recordAudit(
      db,
      tx,
      admin,
      {
        action: `settings.${change.group}.update`,
        target: path,
        before: snapshot.exists ? Object.fromEntries(keys.map((key) => [key, stored[key]])) : null,
        after: { ...change.settings },
      },
      now,
    );
  });
}
