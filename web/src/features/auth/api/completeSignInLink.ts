import { ACCESS_MESSAGES, AUTH_MESSAGES, AUTH_STORAGE_KEYS } from '@rafflewin/domain';
import { isSignInWithEmailLink, signInWithEmailLink, type User } from 'firebase/auth';
import { auth } from '@/lib/authInstance';
import { refusedForMaintenance } from './maintenanceRefusal';

/** True when this page's address is a one-time sign-in link. */
export function isSignInLink(href: string): boolean {
  return isSignInWithEmailLink(auth, href);
}

/** The address this browser asked a link for, if any. */
export function rememberedSignInEmail(): string | null {
  return localStorage.getItem(AUTH_STORAGE_KEYS.emailForSignIn);
}

/** Completes a one-time sign-in link for `email` (refused to customers in maintenance mode). */
export async function completeSignInLink(email: string, href: string): Promise<User> {
  try {
    const { user } = await signInWithEmailLink(auth, email.trim().toLowerCase(), href);
    localStorage.removeItem(AUTH_STORAGE_KEYS.emailForSignIn);
    return user;
  } catch (error) {
    if (refusedForMaintenance(error)) throw new Error(ACCESS_MESSAGES.maintenance);
    throw new Error(AUTH_MESSAGES.failedToAuthenticate(AUTH_MESSAGES.signInLinkInvalid));
  }
}
