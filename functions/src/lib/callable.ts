import {
  onCall,
  HttpsError,
  type CallableOptions,
  type CallableRequest,
} from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions/v2';
import {
  HALF_CHARACTER_MESSAGE,
  LONG_RUNNING_SECONDS,
  ShopError,
  holdsHalfCharacter,
  requestIssueMessage,
  runsLong,
  type Answer,
  type CallableAccess,
  type CallableContract,
  type CallableName,
} from '@rafflewin/domain';
import type { z } from 'zod';
import {
  callerOf,
  requireAdmin,
  requireCurrentSession,
  requireCustomer,
  requireFirstFactor,
  requireSignedIn,
  type Caller,
  type StandingExceptions,
} from './access';
import { REGION } from './firebase';
import { errorFields } from './logging';

/** Per-function settings a long-running callable may raise (the default timeout is 60 s). */
export type CallableSettings = Pick<CallableOptions, 'timeoutSeconds' | 'memory'>;

/** Who the handler is told about: nobody for guests of an `anyone` callable. */
type CallerFor<Access extends CallableAccess> = Access extends 'anyone' ? Caller | null : Caller;

type AnswerOf<C extends CallableContract> =
  C['output'] extends Answer<infer Output> ? Output : never;

/** A callable's handler: the validated input, the checked caller, and the raw request. */
export type CallableHandler<C extends CallableContract> = (
  input: z.output<C['input']>,
  caller: CallerFor<C['access']>,
  request: CallableRequest,
) => Promise<AnswerOf<C>>;

/** The role check for each kind of access (lib/access.ts). */
const AUTHORIZE: Record<
  CallableAccess,
  (request: CallableRequest, exceptions: StandingExceptions) => Promise<Caller | null>
> = {
  anyone: async (request) => callerOf(request),
  firstFactor: requireFirstFactor,
  signedIn: requireSignedIn,
  customer: requireCustomer,
  session: requireCurrentSession,
  admin: requireAdmin,
};

/**
 * Every callable is made here from its contract (domain/src/callables): the role check the
 * contract names runs first, then the input is parsed with the contract's zod schema (a bad
 * request, or one whose text holds half a character, is an `invalid-argument` with a clear
 * message and changes nothing), and the
 * handler's answer has the contract's type. A ShopError thrown anywhere becomes the HttpsError
 * of its code, with its reason and its facts for the client (`extra`) in the details; anything else is logged and reported as
 * `internal` without details.
 */
export function onCallable<C extends CallableContract>(
  contract: C,
  handler: CallableHandler<C>,
  settings: CallableSettings = {},
) {
  const long = runsLong(contract.name as CallableName)
    ? { timeoutSeconds: LONG_RUNNING_SECONDS }
    : {};
  const callable = onCall({ ...long, ...settings, region: REGION }, async (request) => {
    try {
      const caller = await AUTHORIZE[contract.access](request, {
        whileDeleting: contract.whileDeleting === true,
      });
      // Half a character is not text: no write would take it (Firestore stores UTF-8).
      if (holdsHalfCharacter(request.data)) {
        throw new HttpsError('invalid-argument', HALF_CHARACTER_MESSAGE);
      }
      const parsed = contract.input.safeParse(request.data);
      if (!parsed.success) {
        throw new HttpsError('invalid-argument', requestIssueMessage(parsed.error));
      }
      return await handler(
        parsed.data as z.output<C['input']>,
        caller as CallerFor<C['access']>,
        request,
      );
    } catch (error) {
      throw toHttpsError(error);
    }
  });
  // The contract rides along: the compile-time check in servedCallables.ts and the tests read it.
  return Object.assign(refusingUndecodable(callable), { contract });
}

/** The error a client receives for what a handler threw. */
function toHttpsError(error: unknown): HttpsError {
  if (error instanceof HttpsError) return error;
  if (error instanceof ShopError) {
    return new HttpsError(
      error.code,
      error.message,
      error.reason ? { ...error.extra, reason: error.reason } : undefined,
    );
  }
  logger.error('Callable failed', errorFields(error));
  // The cause stays on the server: the protocol sends only the status, message and details.
  return Object.assign(new HttpsError('internal', 'Something went wrong. Please try again.'), {
    cause: error,
  });
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
