/**
 * The early reads themselves (lib/earlySiteSettings.ts, lib/shopReads.ts): Firestore's REST API
 * answers the first screen's reads before the realtime SDK's channel has, checked against the
 * same domain schemas as the SDK's converters (lib/firestoreApi.ts). A lazy chunk apart from the
 * first load: it brings zod for the schemas. For the site settings the page's preload has
 * fetched the answer meanwhile (vite.config.ts).
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
import { emulatorHost, projectId } from './firebaseConfig';
import { firestoreRestOrigin, readDocumentOnce, restDocumentUrl } from './firestoreRest';
import { runQueryOnce, type QueryShape } from './restQuery';
import type { ShopDocuments, ShopKind } from './shopReads';

const origin = firestoreRestOrigin(projectId, emulatorHost);

/** Each kind's schema: the one its SDK converter checks with (shopConverters). */
const schemas: { [K in ShopKind]: z.ZodType<Omit<ShopDocuments[K], 'id'>> } = {
  carouselSlide: carouselSlideSchema,
  drawRecord: drawRecordSchema,
  raffle: raffleSchema,
  siteSettings: siteSettingsSchema,
};

/** The settings as stored; the defaults when there is no document. */
export async function readSiteSettings(): Promise<SiteSettings> {
  return (await readDocument('siteSettings', SITE_SETTINGS_PATH)) ?? DEFAULT_SITE_SETTINGS;
}

/** A query's documents, in its order. */
export async function readQuery<K extends ShopKind>(
  kind: K,
  shape: QueryShape,
): Promise<ShopDocuments[K][]> {
  const documents = await runQueryOnce(origin, projectId, shape);
  return documents.map(
    ({ id, data }) => parseDocument(schemas[kind], data, id) as ShopDocuments[K],
  );
}

/** One document, or undefined when there is none. */
export async function readDocument<K extends ShopKind>(
  kind: K,
  path: string,
): Promise<ShopDocuments[K] | undefined> {
  const data = await readDocumentOnce(restDocumentUrl(origin, projectId, path));
  const id = path.split('/').at(-1) ?? '';
  return data ? (parseDocument(schemas[kind], data, id) as ShopDocuments[K]) : undefined;
}
