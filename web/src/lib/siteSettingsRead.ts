/**
 * The early read of `settings/site` itself, loaded apart from the first load (it brings zod for
 * the schema): the page's preload has fetched the answer meanwhile (vite.config.ts).
 */
import {
  DEFAULT_SITE_SETTINGS,
  SITE_SETTINGS_PATH,
  parseDocument,
  siteSettingsSchema,
  type SiteSettings,
} from '@rafflewin/domain';
import { emulatorHost, projectId } from './firebaseConfig';
import { firestoreRestOrigin, readDocumentOnce, restDocumentUrl } from './firestoreRest';

/**
 * The settings as stored, checked against the domain schema as the SDK's converter checks
 * them (shopConverters.siteSettings); the defaults when there is no document.
 */
export async function readSiteSettings(): Promise<SiteSettings> {
  const data = await readDocumentOnce(
    restDocumentUrl(firestoreRestOrigin(projectId, emulatorHost), projectId, SITE_SETTINGS_PATH),
  );
  return data
    ? parseDocument(siteSettingsSchema, data, SITE_SETTINGS_PATH.split('/')[1]!)
    : DEFAULT_SITE_SETTINGS;
}
