import {
  onCall,
  HttpsError,
  type CallableOptions,
  type CallableRequest,
} from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions/v2';
import type { z } from 'zod';
import { requireAdmin, type Caller } from './access';
import { REGION } from './firebase';

/** The first zod issue's message: the domain schemas word theirs for people. */
function describe(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid request';
}

/** Per-function settings a long-running callable may raise (the default timeout is 60 s). */
export type CallableSettings = Pick<CallableOptions, 'timeoutSeconds' | 'memory'>;

/**
 * Every callable goes through here: an optional role check runs first, then the input is
 * parsed with the domain's zod schema (a bad request is an `invalid-argument` with a clear
 * message and changes nothing), and anything thrown that is not an HttpsError is logged and
 * reported as `internal` without details.
 */
function guardedOnCall<S extends z.ZodType, C, R>(
  schema: S,
  authorize: (request: CallableRequest) => Promise<C>,
  handler: (input: z.infer<S>, context: C, request: CallableRequest) => Promise<R>,
  settings: CallableSettings = {},
) {
  const callable = onCall({ ...settings, region: REGION }, async (request) => {
    try {
      const context = await authorize(request);
      const parsed = schema.safeParse(request.data);
      if (!parsed.success) throw new HttpsError('invalid-argument', describe(parsed.error));
      return await handler(parsed.data, context, request);
    } catch (error) {
      if (error instanceof HttpsError) throw error;
      logger.error('Callable failed', { error });
      throw new HttpsError('internal', 'Something went wrong. Please try again.');
    }
  });
  return refusingUndecodable(callable);
}

/** The callable protocol's tags for 64-bit integers, the only ones firebase-functions decodes. */
const LONG_TYPE_TAGS = new Set([
  'type.googleapis.com/google.protobuf.Int64Value',
  'type.googleapis.com/google.protobuf.UInt64Value',
]);

/**
 * True when firebase-functions cannot decode `value` (an object with an unknown `@type`, or a
 * 64-bit integer tag whose value is not a number). The SDK decodes the request before any
 * handler runs and answers such input with `internal`; checking first turns it into a plain
 * `invalid-argument` like any other bad input.
 */
function undecodable(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const tag = (value as Record<string, unknown>)['@type'];
  if (tag) {
    return (
      typeof tag !== 'string' ||
      !LONG_TYPE_TAGS.has(tag) ||
      Number.isNaN(parseFloat(String((value as Record<string, unknown>).value)))
    );
  }
  return Object.values(value).some(undecodable);
}

type Callable = ReturnType<typeof onCall>;

/** Refuses undecodable requests with `invalid-argument` before the SDK sees them. */
function refusingUndecodable(callable: Callable): Callable {
  const guarded = (request: Parameters<Callable>[0], response: Parameters<Callable>[1]) => {
    const body = request.body as { data?: unknown } | undefined;
    if (request.method === 'POST' && undecodable(body?.data)) {
      response
        .status(400)
        .json({ error: { status: 'INVALID_ARGUMENT', message: 'Invalid request' } });
      return;
    }
    return callable(request, response);
  };
  // Keep what the SDK attached (__endpoint, run, …): deploys and the emulator read it.
  Object.defineProperties(guarded, Object.getOwnPropertyDescriptors(callable));
  return guarded as unknown as Callable;
}

const anyone = async () => undefined;

/** A callable whose handler checks the caller itself (customers, guests). */
export function validatedOnCall<S extends z.ZodType, R>(
  schema: S,
  handler: (input: z.infer<S>, request: CallableRequest) => Promise<R>,
) {
  return guardedOnCall(schema, anyone, (input, _none, request) => handler(input, request));
}

/**
 * A privileged callable: the caller must hold the admin claim, checked on the server before
 * the input is even read. Handlers record what they change in the audit log
 * (services/admin/audit.ts).
 */
export function adminOnCall<S extends z.ZodType, R>(
  schema: S,
  handler: (input: z.infer<S>, admin: Caller, request: CallableRequest) => Promise<R>,
  settings: CallableSettings = {},
) {
  return guardedOnCall(schema, requireAdmin, handler, settings);
}
