import { AUTH_MESSAGES } from '@rafflewin/domain';
import { call } from '@/lib/callables';
import { twoFactorMessage } from './twoFactorErrors';

/** Verifies this sign-in with a code (recorded on the server for 12 hours). */
export async function verifyTwoFactor(code: string): Promise<void> {
  try {
    await call('verifyTwoFactor', { code });
  } catch (error) {
    throw new Error(twoFactorMessage(error, AUTH_MESSAGES.authenticationFailed));
  }
}
