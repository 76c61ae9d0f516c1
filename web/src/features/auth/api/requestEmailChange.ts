import { EMAIL_CHANGE_MESSAGES, type RequestEmailChangeInput } from '@rafflewin/domain';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';

/** Starts an e-mail change: a confirmation link goes to the new address. */
export async function requestEmailChange(input: RequestEmailChangeInput): Promise<string> {
  try {
    return (await call('requestEmailChange', input)).message;
  } catch (error) {
    throw new Error(toUserMessage(error, EMAIL_CHANGE_MESSAGES.failed));
  }
}
