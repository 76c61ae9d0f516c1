import { PASSWORD_MESSAGES } from '@rafflewin/domain';
import { call } from '@/lib/callables';
import { isFirebaseError, serverMessage, toUserMessage } from '@/lib/errors';

/** A refused reset request: the rate limit and invalid addresses come with hints. */
export class ResetRequestError extends Error {
  constructor(
    message: string,
    readonly hints: readonly string[],
  ) {
    super(message);
  }
}

/** E-mails reset instructions; the same answer whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<string> {
  try {
    return (await call('requestPasswordReset', { email })).message;
  } catch (error) {
    if (isFirebaseError(error) && error.code === 'functions/resource-exhausted') {
      throw new ResetRequestError(
        PASSWORD_MESSAGES.resetRateLimited,
        PASSWORD_MESSAGES.resetRateLimitHints,
      );
    }
    if (isFirebaseError(error) && error.code === 'functions/invalid-argument') {
      throw new ResetRequestError(serverMessage(error), PASSWORD_MESSAGES.resetInvalidEmailHints);
    }
    throw new ResetRequestError(toUserMessage(error, PASSWORD_MESSAGES.resetFailed), []);
  }
}
