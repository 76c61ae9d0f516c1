import { AUTH_MESSAGES } from '@rafflewin/domain';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';

/** Asks for a new confirmation link for `email`. */
export async function resendConfirmation(email: string): Promise<string> {
  try {
    return (await call('resendConfirmation', { email })).message;
  } catch (error) {
    throw new Error(toUserMessage(error, AUTH_MESSAGES.resendFailed));
  }
}
