import { TWO_FACTOR_MESSAGES, type StartTwoFactorEnrolmentOutput } from '@rafflewin/domain';
import { call } from '@/lib/callables';
import { twoFactorMessage } from './twoFactorErrors';

/** Step 1 of set-up: a new secret and its otpauth URI, answered once. */
export async function startEnrolment(): Promise<StartTwoFactorEnrolmentOutput> {
  try {
    return await call('startTwoFactorEnrolment', {});
  } catch (error) {
    throw new Error(twoFactorMessage(error, TWO_FACTOR_MESSAGES.updateFailed));
  }
}

/** Step 2 of set-up: the first code turns two-factor on. */
export async function confirmEnrolment(code: string): Promise<void> {
  try {
    await call('confirmTwoFactorEnrolment', { code });
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
