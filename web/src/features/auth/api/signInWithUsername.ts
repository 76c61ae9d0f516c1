import { AUTH_MESSAGES } from '@rafflewin/domain';
import { signInWithCustomToken, type User } from 'firebase/auth';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';
import { auth } from '@/lib/firebase';

/**
 * Signs in with a username: the server checks the password and answers a custom token (it
 * never tells the browser the account's e-mail address).
 */
export async function signInWithUsername(username: string, password: string): Promise<User> {
  let customToken: string;
  try {
    ({ customToken } = await call('signInWithUsername', { username, password }));
  } catch (error) {
    throw new Error(toUserMessage(error, AUTH_MESSAGES.signInFailed));
  }
  try {
    return (await signInWithCustomToken(auth, customToken)).user;
  } catch {
    throw new Error(AUTH_MESSAGES.authenticationFailed);
  }
}
