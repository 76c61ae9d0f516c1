import {
  ShopError,
  ACCESS_MESSAGES,
  ADMIN_CLAIM,
  AUTH_MESSAGES,
  RATE_LIMITS,
} from '@rafflewin/domain';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { enforceRateLimit } from '../rateLimit';
import { userByUid } from './accounts';
import { checkPassword } from './identityToolkit';
import { atLeast } from './requestInfo';
import { siteAccess } from './siteState';
import { usernameRef } from '../../lib/collections';

/** Refusals take at least this long, so unknown usernames answer no faster than wrong passwords. */
const REFUSAL_FLOOR_MS = 600;

/**
 * Signs in with a username: resolves it to its account here, checks the password with
 * Identity Toolkit, and answers a custom token for `signInWithCustomToken`. The e-mail
 * address never leaves the server, and an unknown username, a wrong password and a
 * suspended account all get "Invalid username or password".
 */
export async function signInWithUsername(
  db: Firestore,
  auth: Auth,
  username: string,
  password: string,
  ip: string,
  now = new Date(),
): Promise<string> {
  const started = Date.now();
  await enforceRateLimit(db, `signin-ip:${ip}`, RATE_LIMITS.usernameSignInPerIp, now);
  await enforceRateLimit(db, `signin-username:${username}`, RATE_LIMITS.usernameSignIn, now);

  const refuse = async (): Promise<never> => {
    await atLeast(started, REFUSAL_FLOOR_MS);
    throw new ShopError('unauthenticated', AUTH_MESSAGES.invalidUsernameOrPassword);
  };

  const uid = (await usernameRef(db, username).get()).data()?.uid;
  const user = uid ? await userByUid(auth, uid) : null;
  if (!user?.email || user.disabled) return refuse();
  if ((await checkPassword(user.email, password)) !== user.uid) return refuse();

  const { maintenanceMode } = await siteAccess(db);
  if (maintenanceMode && user.customClaims?.[ADMIN_CLAIM] !== true) {
    throw new ShopError('failed-precondition', ACCESS_MESSAGES.maintenance);
  }
  return auth.createCustomToken(user.uid);
}
