import {
  ShopError,
  ACCESS_MESSAGES,
  AUTH_MESSAGES,
  RATE_LIMITS,
  SIGN_IN_STARTED_CLAIM,
  type PasswordSignInOutput,
} from '@rafflewin/domain';
import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { usernameRef } from '../../lib/collections';
import { enforceRateLimit } from '../rateLimit';
import { passwordIsRight, readTwoFactor, twoFactorOn } from './accountPassword';
import { addressIsTheShops, userByEmail, userByUid } from './accounts';
import { atLeast } from './requestInfo';
import { knownSignInDevice, rememberSignInDevice, signInDeviceLimitKey } from './signInDevices';
import { closedForMaintenance } from './siteState';
import { startChallenge } from './twoFactor';

/** Refusals take at least this long, so unknown accounts answer no faster than wrong passwords. */
export const REFUSAL_FLOOR_MS = 600;

/** Who is signing in: a username (the e-mail address never leaves the server) or an address. */
export type SignInName = { username: string } | { email: string };

async function accountFor(db: Firestore, auth: Auth, name: SignInName) {
  if ('email' in name) return userByEmail(auth, name.email);
  const uid = (await usernameRef(db, name.username).get()).data()?.uid;
  return uid ? userByUid(auth, uid) : null;
}

/**
 * Signs in with a password checked here: an unknown account and a wrong password get the same
 * message (a suspended account too, by username; by address, as Firebase Auth says it). The
 * answer is a custom token for `signInWithCustomToken` or, for an account with two-factor on,
 * only a challenge: its token comes with the code (`completeChallenge`).
 *
 * Passwords are limited per network address and per account name; one from a browser that
 * signed in to the account before (a sign-in device token in `devices`) is limited per device
 * instead, so wrong passwords sent by others cannot keep the owner out.
 */
export async function signInWithPassword(
  db: Firestore,
  auth: Auth,
  name: SignInName,
  password: string,
  ip: string,
  devices: readonly string[] = [],
  now = new Date(),
): Promise<PasswordSignInOutput> {
  const started = Date.now();
  await enforceRateLimit(db, `signin-ip:${ip}`, RATE_LIMITS.usernameSignInPerIp, now);
  const user: UserRecord | null = await accountFor(db, auth, name);
  const device = user ? await knownSignInDevice(db, user.uid, devices, now) : null;
  // One window per account, whether it is named by its address or its username (two windows
  // would give twice the guesses); a name with no account has its own, answered the same.
  const key = user
    ? `signin-account:${user.uid}`
    : 'email' in name
      ? `signin-email:${name.email}`
      : `signin-username:${name.username}`;
  await enforceRateLimit(
    db,
    device ? signInDeviceLimitKey(device) : key,
    RATE_LIMITS.usernameSignIn,
    now,
  );

  const refuse = async (): Promise<never> => {
    await atLeast(started, REFUSAL_FLOOR_MS);
    throw new ShopError(
      'unauthenticated',
      'email' in name
        ? AUTH_MESSAGES.invalidEmailOrPassword
        : AUTH_MESSAGES.invalidUsernameOrPassword,
    );
  };

  if (!user?.email) return refuse();
  if (user.disabled) {
    if ('email' in name) throw new ShopError('permission-denied', ACCESS_MESSAGES.banned);
    return refuse();
  }
  const twoFactor = await readTwoFactor(db, user.uid);
  if (!(await passwordIsRight(db, auth, user, twoFactor, password))) return refuse();
  // Auth's address was changed past the shop: nobody signs in until support has looked. Said
  // only to whoever has the password: anyone else gets a wrong password's answer, after its
  // delay, and learns neither that the account exists nor that its address was taken.
  if (!(await addressIsTheShops(db, user.uid, user.email))) {
    throw new ShopError('permission-denied', AUTH_MESSAGES.addressChangedOutside);
  }

  if (await closedForMaintenance(db, user.customClaims)) {
    throw new ShopError('failed-precondition', ACCESS_MESSAGES.maintenance);
  }
  if (twoFactorOn(twoFactor)) {
    return { twoFactorChallenge: await startChallenge(db, user.uid, device, now) };
  }
  return {
    customToken: await auth.createCustomToken(user.uid, {
      [SIGN_IN_STARTED_CLAIM]: Math.floor(now.getTime() / 1000),
    }),
    signInDevice: await rememberSignInDevice(db, user.uid, device, now),
  };
}
