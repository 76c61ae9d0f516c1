import { PASSWORD_MESSAGES } from '@rafflewin/domain';
import { call } from '@/lib/callables';
import { isFirebaseError, refusalDetails, serverWords, toUserMessage } from '@/lib/errors';

/**
 * A refused reset request: the rate limit and invalid addresses come with hints, and the rate
 * limit says how many seconds until another request is taken.
 */
export class ResetRequestError extends Error {
  constructor(
    message: string,
    readonly hints: readonly string[],
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/** The wait a rate-limit refusal names, if it names one. */
function retryAfterSeconds(error: unknown): number | null {
  const wait = refusalDetails(error)?.retryAfterSeconds;
  return typeof wait === 'number' && Number.isFinite(wait) && wait > 0 ? Math.ceil(wait) : null;
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
        retryAfterSeconds(error),
      );
    }
    if (isFirebaseError(error) && error.code === 'functions/invalid-argument') {
      throw new ResetRequestError(
        serverWords(error) ?? PASSWORD_MESSAGES.resetFailed,
        PASSWORD_MESSAGES.resetInvalidEmailHints,
      );
    }
    throw new ResetRequestError(toUserMessage(error, PASSWORD_MESSAGES.resetFailed), []);
  }
}
