import {
  PASSWORD_MESSAGES,
  TWO_FACTOR_MESSAGES,
  type StartTwoFactorEnrolmentOutput,
} from '@rafflewin/domain';
import { FirebaseError } from 'firebase/app';
import { EmailAuthProvider, reauthenticateWithCredential } from 'firebase/auth';
import { auth } from '@/lib/firebase';
import { call } from '@/lib/callables';
import { twoFactorMessage } from './twoFactorErrors';

/**
 * Step 1 of set-up: the password typed again (a fresh sign-in, which the server requires),
 * then a new secret and its otpauth URI, answered once.
 */
export async function startEnrolment(password: string): Promise<StartTwoFactorEnrolmentOutput> {
  const user = auth.currentUser;
  if (!user?.email) throw new Error(TWO_FACTOR_MESSAGES.updateFailed);
  try {
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
  } catch (error) {
    const wrong =
      error instanceof FirebaseError &&
      ['auth/wrong-password', 'auth/invalid-credential', 'auth/invalid-login-credentials'].includes(
        error.code,
      );
    throw new Error(wrong ? PASSWORD_MESSAGES.currentWrong : TWO_FACTOR_MESSAGES.updateFailed);
  }
  try {
    return await call('startTwoFactorEnrolment', {});
  } catch (error) {
    throw new Error(twoFactorMessage(error, TWO_FACTOR_MESSAGES.updateFailed));
  }
}

/** Step 2 of set-up: the first code turns two-factor on; answers the recovery codes. */
export async function confirmEnrolment(code: string): Promise<string[]> {
  try {
    return (await call('confirmTwoFactorEnrolment', { code })).recoveryCodes;
  } catch (error) {
    throw new Error(twoFactorMessage(error, TWO_FACTOR_MESSAGES.updateFailed));
  }
}

/** Turns two-factor off with a current code. */
export async function disableTwoFactor(code: string): Promise<void> {
  try {
    await call('disableTwoFactor', { code });
  } catch (error) {
    throw new Error(twoFactorMessage(error, TWO_FACTOR_MESSAGES.updateFailed));
  }
}
