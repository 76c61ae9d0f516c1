import type { ChangePasswordInput } from '@rafflewin/domain';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';

/**
 * Changes the password: the server checks the current one (re-authentication) and signs the
 * account out everywhere. `fallback` is the page's or the card's generic failure message.
 */
export async function changePassword(input: ChangePasswordInput, fallback: string): Promise<void> {
  try {
    await call('changePassword', input);
  } catch (error) {
    throw new Error(toUserMessage(error, fallback));
  }
}
