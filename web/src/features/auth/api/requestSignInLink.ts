import { AUTH_MESSAGES, AUTH_STORAGE_KEYS } from '@rafflewin/domain';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';

/**
 * E-mails a one-time sign-in link, remembering the address in this browser so opening the
 * link here needs no typing.
 */
export async function requestSignInLink(email: string, redirect: string): Promise<string> {
  const address = email.trim().toLowerCase();
  try {
    const { message } = await call('requestSignInLink', { email: address, redirect });
    localStorage.setItem(AUTH_STORAGE_KEYS.emailForSignIn, address);
    return message;
  } catch (error) {
    throw new Error(toUserMessage(error, AUTH_MESSAGES.magicLinkFailed));
  }
}
