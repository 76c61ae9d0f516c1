import { ACCESS_MESSAGES, AUTH_MESSAGES, AUTH_STORAGE_KEYS } from '@rafflewin/domain';
import { isSignInWithEmailLink, signInWithEmailLink, type User } from 'firebase/auth';
import { auth } from '@/lib/authInstance';
import { isFirebaseError } from '@/lib/errors';
import { signOut } from '@/lib/signOut';
import { signInRefusal } from './signInRefusal';

/** True when this page's address is a one-time sign-in link. */
export function isSignInLink(href: string): boolean {
  return isSignInWithEmailLink(auth, href);
}

/** The address this browser asked a link for, if any. */
export function rememberedSignInEmail(): string | null {
  return localStorage.getItem(AUTH_STORAGE_KEYS.emailForSignIn);
}

/**
 * Completes a one-time sign-in link for `email`. A good link the shop refuses (maintenance
 * mode, two-factor turned on since it was sent, a suspended account) says why, as signing in
 * with the password would; any other failure is the link's. Opened while another account is
 * signed in here, that account signs out first, as if asked: its pushes stop coming to this
 * browser and its local data goes, before the link's account takes its place.
 */
export async function completeSignInLink(email: string, href: string): Promise<User> {
  const address = email.trim().toLowerCase();
  const current = auth.currentUser;
  if (current && current.email?.toLowerCase() !== address) await signOut();
  try {
    const { user } = await signInWithEmailLink(auth, address, href);
    localStorage.removeItem(AUTH_STORAGE_KEYS.emailForSignIn);
    return user;
  } catch (error) {
    const refusal = signInRefusal(error);
    if (refusal) throw new Error(refusal);
    if (isFirebaseError(error) && error.code === 'auth/user-disabled') {
      throw new Error(ACCESS_MESSAGES.banned);
    }
    throw new Error(AUTH_MESSAGES.failedToAuthenticate(AUTH_MESSAGES.signInLinkInvalid));
  }
}
