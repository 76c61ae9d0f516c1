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

async function isBanned(uid: string): Promise<boolean> {
  return (await db.doc(userPath(uid)).get()).get('banned') === true;
}

/**
 * A signed-in customer in good standing: refuses guests, banned profiles (their token may
 * outlive the ban by up to an hour) and, in maintenance mode, everyone but administrators.
 */
export async function requireCustomer(request: CallableRequest): Promise<Caller> {
  const caller = callerOf(request);
  if (!caller) throw new HttpsError('unauthenticated', ACCESS_MESSAGES.signInRequired);
  const [banned, maintenance] = await Promise.all([isBanned(caller.uid), maintenanceMode()]);
  if (banned) throw new HttpsError('permission-denied', ACCESS_MESSAGES.banned);
  if (maintenance && !caller.isAdmin) {
    throw new HttpsError('failed-precondition', ACCESS_MESSAGES.maintenance);
  }
  return caller;
}

/**
 * An administrator: the `admin` claim of the verified ID token, checked here on every
 * privileged call whatever the browser showed. A banned account is refused even if its
 * token still carries the claim.
 */
export async function requireAdmin(request: CallableRequest): Promise<Caller> {
  const caller = callerOf(request);
  if (!caller) throw new HttpsError('unauthenticated', ACCESS_MESSAGES.signInRequired);
  if (!caller.isAdmin) throw new HttpsError('permission-denied', ACCESS_MESSAGES.adminOnly);
  if (await isBanned(caller.uid)) throw new HttpsError('permission-denied', ACCESS_MESSAGES.banned);
  return caller;
}
