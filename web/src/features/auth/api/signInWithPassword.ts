import { ACCESS_MESSAGES, AUTH_MESSAGES } from '@rafflewin/domain';
import { FirebaseError } from 'firebase/app';
import { signInWithEmailAndPassword, type User } from 'firebase/auth';
import { auth } from '@/lib/firebase';

const BAD_CREDENTIALS = new Set([
  'auth/invalid-credential',
  'auth/wrong-password',
  'auth/user-not-found',
  'auth/invalid-email',
  'auth/invalid-login-credentials',
]);

/** Signs in with e-mail and password, answering the spec's messages. */
export async function signInWithPassword(email: string, password: string): Promise<User> {
  try {
    const { user } = await signInWithEmailAndPassword(auth, email.trim().toLowerCase(), password);
    return user;
  } catch (error) {
    if (error instanceof FirebaseError && BAD_CREDENTIALS.has(error.code)) {
      throw new Error(AUTH_MESSAGES.invalidEmailOrPassword);
    }
    if (error instanceof FirebaseError && error.code === 'auth/user-disabled') {
      throw new Error(ACCESS_MESSAGES.banned);
    }
    if (error instanceof FirebaseError && error.code === 'auth/too-many-requests') {
      throw new Error('Too many sign-in attempts. Please wait a few minutes and try again.');
    }
    throw new Error(AUTH_MESSAGES.signInFailed);
  }
}
