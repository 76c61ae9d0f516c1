import { ACCESS_MESSAGES, AUTH_MESSAGES } from '@rafflewin/domain';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { call } from '@/lib/callables';
import { isFirebaseError, toUserMessage } from '@/lib/errors';
import { auth } from '@/lib/authInstance';
import { refusedForMaintenance } from './signInRefusal';
import { followPasswordSignIn, type SignInStep } from './passwordSignIn';
import { signInDevices } from './signInDevices';

const BAD_CREDENTIALS = new Set([
  'auth/invalid-credential',
  'auth/wrong-password',
  'auth/user-not-found',
  'auth/invalid-email',
  'auth/invalid-login-credentials',
]);

/**
 * Signs in with e-mail and password, answering the shop's messages. Firebase Auth signs most
 * accounts in directly; it refuses an account with two-factor on (the blocking function
 * answers an internal error), whose password the server checks instead, answering a
 * challenge for /2fa rather than any token. In maintenance mode it refuses every customer once
 * the password is right.
 */
export async function signInWithPassword(email: string, password: string): Promise<SignInStep> {
  const address = email.trim().toLowerCase();
  try {
    return (await signInWithEmailAndPassword(auth, address, password)).user;
  } catch (error) {
    if (isFirebaseError(error) && BAD_CREDENTIALS.has(error.code)) {
      throw new Error(AUTH_MESSAGES.invalidEmailOrPassword);
    }
    if (isFirebaseError(error) && error.code === 'auth/user-disabled') {
      throw new Error(ACCESS_MESSAGES.banned);
    }
    if (refusedForMaintenance(error)) throw new Error(ACCESS_MESSAGES.maintenance);
    if (isFirebaseError(error) && error.code === 'auth/too-many-requests') {
      throw new Error(AUTH_MESSAGES.tooManySignIns);
    }
    if (!(isFirebaseError(error) && error.code === 'auth/internal-error')) {
      throw new Error(AUTH_MESSAGES.signInFailed);
    }
  }
  let answer;
  try {
    answer = await call('signInWithPassword', {
      email: address,
      password,
      devices: signInDevices(),
    });
  } catch (error) {
    throw new Error(toUserMessage(error, AUTH_MESSAGES.signInFailed));
  }
  return followPasswordSignIn(answer);
}
