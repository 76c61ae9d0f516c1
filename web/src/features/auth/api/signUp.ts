import { AUTH_MESSAGES, type SignUpInput } from '@rafflewin/domain';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';

/** Creates the account on the server; the answer is the "check your email" message. */
export async function signUp(input: SignUpInput): Promise<string> {
  try {
    return (await call('signUp', input)).message;
  } catch (error) {
    throw new Error(toUserMessage(error, AUTH_MESSAGES.signUpFailed));
  }
}
