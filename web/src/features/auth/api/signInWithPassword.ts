import { FirebaseError } from 'firebase/app';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { auth } from '@/lib/firebase';

const BAD_CREDENTIALS = new Set([
  'auth/invalid-credential',
  'auth/wrong-password',
  'auth/user-not-found',
  'auth/invalid-email',
]);

/** Signs in with e-mail and password, answering the spec's messages (accounts §8). */
export async function signInWithPassword(email: string, password: string): Promise<void> {
  try {
    await signInWithEmailAndPassword(auth, email.trim().toLowerCase(), password);
  } catch (error) {
    if (error instanceof FirebaseError && BAD_CREDENTIALS.has(error.code)) {
      throw new Error('Invalid email or password');
    }
    if (error instanceof FirebaseError && error.code === 'auth/user-disabled') {
      throw new Error('This account has been suspended. Please contact support.');
    }
    throw new Error('Failed to sign in');
  }
}
