import {
  ACCESS_MESSAGES,
  ADMIN_CLAIM,
  DEFAULT_SITE_SETTINGS,
  SITE_SETTINGS_PATH,
  userPath,
} from '@rafflewin/domain';
import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import { db } from './firebase';

export interface Caller {
  uid: string;
  email: string | null;
  isAdmin: boolean;
}

/** The caller's role, from the verified ID token's custom claims. */
export function callerOf(request: CallableRequest): Caller | null {
  if (!request.auth) return null;
  return {
    uid: request.auth.uid,
    email: (request.auth.token.email as string | undefined) ?? null,
    isAdmin: request.auth.token[ADMIN_CLAIM] === true,
  };
}

async function maintenanceMode(): Promise<boolean> {
  const snapshot = await db.doc(SITE_SETTINGS_PATH).get();
  return snapshot.get('maintenanceMode') ?? DEFAULT_SITE_SETTINGS.maintenanceMode;
}

/**
 * A signed-in customer in good standing: refuses guests, banned profiles (their token may
 * outlive the ban by up to an hour) and, in maintenance mode, everyone but administrators.
 */
export async function requireCustomer(request: CallableRequest): Promise<Caller> {
  const caller = callerOf(request);
  if (!caller) throw new HttpsError('unauthenticated', ACCESS_MESSAGES.signInRequired);
  const [profile, maintenance] = await Promise.all([
    db.doc(userPath(caller.uid)).get(),
    maintenanceMode(),
  ]);
  if (profile.get('banned') === true) {
    throw new HttpsError('permission-denied', ACCESS_MESSAGES.banned);
  }
  if (maintenance && !caller.isAdmin) {
    throw new HttpsError('failed-precondition', ACCESS_MESSAGES.maintenance);
  }
  return caller;
}
