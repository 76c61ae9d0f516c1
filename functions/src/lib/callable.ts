import { onCall, HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions/v2';
import type { z } from 'zod';
import { REGION } from './firebase';

/** The first zod issue's message: the domain schemas word theirs for people. */
function describe(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid request';
}

/**
 * Every callable goes through here: the input is parsed with the domain's zod schema (a bad
 * request is an `invalid-argument` with a clear message and changes nothing), and anything
 * thrown that is not an HttpsError is logged and reported as `internal` without details.
 */
export function validatedOnCall<S extends z.ZodType, R>(
  schema: S,
  handler: (input: z.infer<S>, request: CallableRequest) => Promise<R>,
) {
  return onCall({ region: REGION }, async (request) => {
    const parsed = schema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', describe(parsed.error));
    try {
      return await handler(parsed.data, request);
    } catch (error) {
      if (error instanceof HttpsError) throw error;
      logger.error('Callable failed', { error });
      throw new HttpsError('internal', 'Something went wrong. Please try again.');
    }
  });
}
