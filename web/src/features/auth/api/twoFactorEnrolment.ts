import {
  TWO_FACTOR_MESSAGES,
  type ConfirmTwoFactorEnrolmentOutput,
  type StartTwoFactorEnrolmentOutput,
} from '@rafflewin/domain';
import { signInWithCustomToken } from 'firebase/auth';
import { noteTwoFactorTurningOn } from '@/lib/auth';
import { call } from '@/lib/callables';
import { thisDeviceId } from '@/lib/pushDevice';
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
export async function confirmEnrolment(
  code: string,
): Promise<{ recoveryCodes: string[]; signedIn: boolean }> {
  // The setting may reach this tab's listener before the new sign-in does (lib/auth.ts).
  noteTwoFactorTurningOn(true);
  let confirmed: ConfirmTwoFactorEnrolmentOutput;
  try {
    // This browser goes on signed in: its push device stays (every other one goes).
    confirmed = await call('confirmTwoFactorEnrolment', { code, keepDeviceId: thisDeviceId() });
  } catch (error) {
    noteTwoFactorTurningOn(false);
    throw new Error(twoFactorMessage(error, TWO_FACTOR_MESSAGES.updateFailed));
  }
  try {
    await signInWithCustomToken(auth, confirmed.customToken);
    return { recoveryCodes: confirmed.recoveryCodes, signedIn: true };
  } catch {
    // Two-factor is on and the old sign-in's sessions have ended: the recovery codes, shown
    // only now, must not be lost to a failed hand-over. They stay on screen until the person
    // has saved them; the tab then signs out (TwoFactorCard).
    noteTwoFactorTurningOn('until cleared');
    return { recoveryCodes: confirmed.recoveryCodes, signedIn: false };
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
