import { ACCESS_MESSAGES, ADMIN_CLAIM, AUTH_MESSAGES, userSettingsPath } from '@rafflewin/domain';
import type { User } from 'firebase/auth';
import { doc, getDoc } from 'firebase/firestore';
import { twoFactorPath } from '@/config/paths';
import { db } from '@/lib/firestoreApi';
import { signOut } from '@/lib/signOut';

/** A sign-in refused because the account's e-mail address is not confirmed yet. */
export class UnverifiedEmailError extends Error {
  constructor(readonly email: string) {
    super(AUTH_MESSAGES.emailNotVerified);
  }
}

export interface SignInOutcome {
  /** Where to go next: /2fa (with the redirect) when a code is needed, else the redirect. */
  next: string;
}

/**
 * What every way of signing in does once Firebase has signed the person in: an unconfirmed e-mail address or, in maintenance mode, a non-administrator is signed
 * out again with the shop's message; an account with two-factor on goes to /2fa first.
 */
export async function completeSignIn(
  user: User,
  redirect: string,
  maintenanceMode: boolean,
): Promise<SignInOutcome> {
  if (!user.emailVerified) {
    const email = user.email ?? '';
    await signOut();
    throw new UnverifiedEmailError(email);
  }
  const token = await user.getIdTokenResult();
  if (maintenanceMode && token.claims[ADMIN_CLAIM] !== true) {
    await signOut();
    throw new Error(ACCESS_MESSAGES.maintenance);
  }
  const settings = await getDoc(doc(db, userSettingsPath(user.uid))).catch(() => null);
  if (settings?.get('twoFactorEnabled') === true) {
    return { next: twoFactorPath(redirect) };
  }
  return { next: redirect };
}
