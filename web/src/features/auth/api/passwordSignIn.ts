import {
  ACCESS_MESSAGES,
  AUTH_MESSAGES,
  TWO_FACTOR_MESSAGES,
  type PasswordSignInOutput,
} from '@rafflewin/domain';
import { signInWithCustomToken, type User } from 'firebase/auth';
import { call } from '@/lib/callables';
import { auth } from '@/lib/authInstance';
import { rememberSignInDevice } from './signInDevices';
import { refusedForMaintenance } from './signInRefusal';
import {
  forgetTwoFactorChallenge,
  holdTwoFactorChallenge,
  pendingTwoFactorChallenge,
} from './twoFactorChallenge';
import { twoFactorMessage } from './twoFactorErrors';

/**
 * A right password for an account with two-factor on: nothing is signed in yet, the browser
 * holds only the challenge (this tab, ten minutes) for /2fa.
 */
export interface TwoFactorPending {
  twoFactorChallenge: string;
}

/** What a sign-in form gets: the signed-in user, or a code still to enter on /2fa. */
export type SignInStep = User | TwoFactorPending;

export const isTwoFactorPending = (step: SignInStep): step is TwoFactorPending =>
  'twoFactorChallenge' in step;

async function signInWithToken(customToken: string): Promise<User> {
  try {
    return (await signInWithCustomToken(auth, customToken)).user;
  } catch (error) {
    // Maintenance mode came on between the server's answer and this sign-in.
    if (refusedForMaintenance(error)) throw new Error(ACCESS_MESSAGES.maintenance);
    throw new Error(AUTH_MESSAGES.authenticationFailed);
  }
}

/** Follows a server-checked password sign-in: signs in, or keeps the challenge for /2fa. */
export async function followPasswordSignIn(answer: PasswordSignInOutput): Promise<SignInStep> {
  forgetTwoFactorChallenge();
  if ('customToken' in answer) {
    rememberSignInDevice(answer.signInDevice);
    return signInWithToken(answer.customToken);
  }
  holdTwoFactorChallenge(answer.twoFactorChallenge);
  return { twoFactorChallenge: answer.twoFactorChallenge };
}

/**
 * /2fa after a right password: the code (or a recovery code) and the held challenge give the
 * sign-in's only token, verified for 12 hours.
 */
export async function completeTwoFactorSignIn(code: string): Promise<User> {
  const challenge = pendingTwoFactorChallenge();
  if (!challenge) throw new Error(TWO_FACTOR_MESSAGES.signInExpired);
  let answer;
  try {
    answer = await call('completeTwoFactorSignIn', { challenge, code });
  } catch (error) {
    throw new Error(twoFactorMessage(error, AUTH_MESSAGES.authenticationFailed));
  }
  forgetTwoFactorChallenge();
  rememberSignInDevice(answer.signInDevice);
  return signInWithToken(answer.customToken);
}
