/**
 * The early reads themselves (lib/earlySiteSettings.ts, lib/shopReads.ts): Firestore's REST API
 * answers the first screen's reads before the realtime SDK's channel has, checked against the
 * same domain schemas as the SDK's converters (lib/firestoreApi.ts). A lazy chunk apart from the
 * first load: it brings zod for the schemas. For the site settings the page's preload has
 * fetched the answer meanwhile (vite.config.ts); the shop window's reads are sent by
 * lib/restShop.ts, a chunk of its own, so they travel while zod downloads.
 */
import {
  DEFAULT_SITE_SETTINGS,
  SITE_SETTINGS_PATH,
  carouselSlideSchema,
  drawRecordSchema,
  parseDocument,
  raffleSchema,
  siteSettingsSchema,
  type SiteSettings,
} from '@rafflewin/domain';
import type { z } from 'zod';
import { sendShopDocumentRead } from './restShop';
import type { ShopDocuments, ShopKind } from './shopReads';

/** Each kind's schema: the one its SDK converter checks with (shopConverters). */
const schemas: { [K in ShopKind]: z.ZodType<Omit<ShopDocuments[K], 'id'>> } = {
  carouselSlide: carouselSlideSchema,
  drawRecord: drawRecordSchema,
  raffle: raffleSchema,
  siteSettings: siteSettingsSchema,
};

/** The settings as stored; the defaults when there is no document. */
export async function readSiteSettings(): Promise<SiteSettings> {
  const data = await sendShopDocumentRead(SITE_SETTINGS_PATH);
  return checkDocumentAnswer('siteSettings', SITE_SETTINGS_PATH, data) ?? DEFAULT_SITE_SETTINGS;
}

/** A query's documents as sent (lib/restShop.ts), each checked, in the query's order. */
export function checkQueryAnswer<K extends ShopKind>(
  kind: K,
  documents: Array<{ id: string; data: Record<string, unknown> }>,
): ShopDocuments[K][] {
  return documents.map(
    ({ id, data }) => parseDocument(schemas[kind], data, id) as ShopDocuments[K],
  );
}

/** A document's data as sent (lib/restShop.ts), checked; undefined when there is none. */
export function checkDocumentAnswer<K extends ShopKind>(
  kind: K,
  path: string,
  data: Record<string, unknown> | null,
): ShopDocuments[K] | undefined {
  const id = path.split('/').at(-1) ?? '';
  return data ? (parseDocument(schemas[kind], data, id) as ShopDocuments[K]) : undefined;
}
