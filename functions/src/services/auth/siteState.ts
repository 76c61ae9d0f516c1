import type { Firestore } from 'firebase-admin/firestore';
import { readSiteSettings } from '../../lib/collections';

/** The two site settings sign-in and sign-up obey, with the spec defaults when missing. */
export async function siteAccess(
  db: Firestore,
): Promise<{ maintenanceMode: boolean; registrationEnabled: boolean }> {
  const { maintenanceMode, registrationEnabled } = await readSiteSettings(db);
  return { maintenanceMode, registrationEnabled };
}
