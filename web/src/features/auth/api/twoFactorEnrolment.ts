import { TWO_FACTOR_MESSAGES, type StartTwoFactorEnrolmentOutput } from '@rafflewin/domain';
import { signInWithCustomToken } from 'firebase/auth';
import { noteTwoFactorTurningOn } from '@/lib/auth';
import { call } from '@/lib/callables';
import { auth } from '@/lib/authInstance';
import { twoFactorMessage } from './twoFactorErrors';

/**
 * Step 1 of set-up: the password typed again (checked on the server, so a left-open session
 * cannot enrol), then a new secret and its otpauth URI, answered once.
 */
export async function startEnrolment(password: string): Promise<StartTwoFactorEnrolmentOutput> {
  try {
    return await call('startTwoFactorEnrolment', { currentPassword: password });
  } catch (error) {
    throw new Error(twoFactorMessage(error, TWO_FACTOR_MESSAGES.updateFailed));
  }
}

/**
 * Step 2 of set-up: the first code turns two-factor on; answers the recovery codes. The
 * server revokes the account's other sessions and answers this browser's new sign-in, made
 * here before the codes are shown.
 */
export async function confirmEnrolment(code: string): Promise<string[]> {
  // The setting may reach this tab's listener before the new sign-in does (lib/auth.ts).
  noteTwoFactorTurningOn(true);
  try {
    const { recoveryCodes, customToken } = await call('confirmTwoFactorEnrolment', { code });
    await signInWithCustomToken(auth, customToken);
    return recoveryCodes;
  } catch (error) {
    noteTwoFactorTurningOn(false);
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
