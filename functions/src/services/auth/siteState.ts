import { DEFAULT_SITE_SETTINGS, SITE_SETTINGS_PATH } from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';

/** The two site settings sign-in and sign-up obey, with the spec defaults when missing. */
export async function siteAccess(
  db: Firestore,
): Promise<{ maintenanceMode: boolean; registrationEnabled: boolean }> {
  const snapshot = await db.doc(SITE_SETTINGS_PATH).get();
  return {
    maintenanceMode: snapshot.get('maintenanceMode') ?? DEFAULT_SITE_SETTINGS.maintenanceMode,
    registrationEnabled:
      snapshot.get('registrationEnabled') ?? DEFAULT_SITE_SETTINGS.registrationEnabled,
  };
}
