import { AUTH_MESSAGES } from '@rafflewin/domain';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';
import { followPasswordSignIn, type SignInStep } from './passwordSignIn';
import { signInDevices } from './signInDevices';

/**
 * Signs in with a username: the server checks the password and answers a custom token, or a
 * challenge when the account has two-factor on (it never tells the browser the address).
 * The browser's sign-in device tokens go along: a browser the owner signed in with before is
 * not kept out by wrong passwords others sent for the username.
 */
export async function signInWithUsername(username: string, password: string): Promise<SignInStep> {
  let answer;
  try {
    answer = await call('signInWithUsername', { username, password, devices: signInDevices() });
  } catch (error) {
    throw new Error(toUserMessage(error, AUTH_MESSAGES.signInFailed));
  }
  return followPasswordSignIn(answer);
}
