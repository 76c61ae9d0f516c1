import { EMAIL_CHANGE_MESSAGES } from '@rafflewin/domain';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';

/** Applies an e-mail change link on the server (Auth and the profile change together). */
export async function confirmEmailChange(oobCode: string): Promise<string> {
  try {
    return (await call('confirmEmailChange', { oobCode })).email;
  } catch (error) {
    throw new Error(toUserMessage(error, EMAIL_CHANGE_MESSAGES.linkInvalid));
  }
}
