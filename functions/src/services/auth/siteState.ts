import { ADMIN_CLAIM } from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { readSiteSettings } from '../../lib/collections';

/** The two site settings sign-in and sign-up obey, with their defaults when missing. */
export async function siteAccess(
  db: Firestore,
): Promise<{ maintenanceMode: boolean; registrationEnabled: boolean }> {
  const { maintenanceMode, registrationEnabled } = await readSiteSettings(db);
  return { maintenanceMode, registrationEnabled };
}

/**
 * True when the site is in maintenance mode and the account (its custom claims) is not an
 * administrator's: it may not sign in, whatever the door.
 */
export async function closedForMaintenance(
  db: Firestore,
  claims: Record<string, unknown> | undefined,
): Promise<boolean> {
  return claims?.[ADMIN_CLAIM] !== true && (await siteAccess(db)).maintenanceMode;
}
