/**
 * Calling callables as a customer, an administrator or a guest. In the in-process suites the
 * function's own handler runs in this process (`run`, the wrapper with its role check,
 * validation and error mapping), with the request a client's SDK would make: the data after
 * the JSON round trip and the caller's decoded ID token. Elsewhere the request goes over HTTP
 * to the Functions emulator by the callable protocol.
 */
import {
  FUNCTIONS_REGION,
  type CallableInput,
  type CallableName,
  type CallableOutput,
} from '@rafflewin/domain';
import type { CallableRequest } from 'firebase-functions/v2/https';
import { HOST, PORTS } from '../../emulators/config';
import { FUNCTIONS_IN_PROCESS, TEST_PROJECT_ID } from './project';

/** Who calls: an account with an ID token (see customers.ts). */
export interface Caller {
  uid: string;
  email: string;
  idToken: string;
}

/** What a callable answered with: its result or its error. */
export type CallResult<T> =
  | { ok: true; result: T }
  | { ok: false; status: string; message: string; details?: unknown; cause?: unknown };

export interface CallOptions {
  /** The caller's address (per-IP rate limits). */
  fromIp?: string;
}

export const functionUrl = (name: string) =>
  `http://${HOST}:${PORTS.functions}/${TEST_PROJECT_ID}/${FUNCTIONS_REGION}/${name}`;

/** The payload of an ID token (the emulator's are unsigned JWTs). */
export function tokenClaims(idToken: string): Record<string, unknown> & { sub: string } {
  const payload = idToken.split('.')[1];
  if (!payload) throw new Error('Not an ID token');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  > & { sub: string };
}

interface Runnable {
  run: (request: CallableRequest) => Promise<unknown>;
}

interface ThrownHttpsError {
  /** The error as the callable protocol sends it: `{ status: 'INVALID_ARGUMENT', message }`. */
  toJSON: () => { status: string; message: string };
  /** What came with the refusal: its reason and facts (ShopError's `extra`). */
  details?: unknown;
  /** For `internal`: what the handler threw, which the client never sees. */
  cause?: unknown;
}

const isHttpsError = (error: unknown): error is ThrownHttpsError =>
  typeof error === 'object' && error !== null && 'httpErrorCode' in error && 'toJSON' in error;

/** The function's module, loaded on first use (each file loads only what it calls). */
function handlerOf(name: string): Runnable {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const module = require(`../../functions/src/functions/${name}`) as Record<string, unknown>;
  const handler = module[name] as Runnable | undefined;
  if (!handler?.run) throw new Error(`functions/src/functions/${name}.ts exports no callable`);
  return handler;
}

/**
 * The request body as a client writes it: JSON, except that infinite numbers are written as
 * 1e999 (which JSON.parse reads back as Infinity), as a script could. NaN travels as null,
 * exactly as JSON.stringify sends it from a browser.
 */
export function toWire(data: unknown): string {
  return JSON.stringify({ data }, (_key, value: unknown) => {
    if (typeof value === 'number' && !Number.isFinite(value) && !Number.isNaN(value)) {
      return value > 0 ? '__wire_infinity__' : '-__wire_infinity__';
    }
    return value;
  })
    .replaceAll('"-__wire_infinity__"', '-1e999')
    .replaceAll('"__wire_infinity__"', '1e999');
}

/** The callable protocol's encoding of 64-bit integers, which firebase-functions decodes. */
const LONG_TYPES = new Set([
  'type.googleapis.com/google.protobuf.Int64Value',
  'type.googleapis.com/google.protobuf.UInt64Value',
]);

/** Thrown for values firebase-functions cannot decode (an unknown or broken `@type`). */
export class UndecodableData extends Error {}

/** firebase-functions' `decode` of the request's `data`, as the handler receives it. */
function decodeLikeFirebase(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const tag = (value as Record<string, unknown>)['@type'];
  if (tag) {
    const number = LONG_TYPES.has(tag as string)
      ? parseFloat(String((value as Record<string, unknown>).value))
      : NaN;
    if (Number.isNaN(number)) throw new UndecodableData();
    return number;
  }
  if (Array.isArray(value)) return value.map(decodeLikeFirebase);
  const decoded: Record<string, unknown> = {};
  // Plain assignment, as firebase-functions does: a "__proto__" key sets no field.
  for (const [key, item] of Object.entries(value)) decoded[key] = decodeLikeFirebase(item);
  return decoded;
}

/**
 * What a handler receives for `data`: the JSON round trip, then the SDK's decoding. Throws
 * UndecodableData where the SDK refuses the request before any handler runs (tests/http
 * covers those).
 */
export function overTheWire(data: unknown): unknown {
  const { data: parsed } = JSON.parse(toWire(data)) as { data?: unknown };
  return decodeLikeFirebase(parsed);
}

/** A request as the Functions runtime hands it to the handler. */
function requestOf(data: unknown, caller: Caller | undefined, ip: string): CallableRequest {
  const headers: Record<string, string> = { 'x-forwarded-for': ip };
  const rawRequest = {
    ip,
    method: 'POST',
    headers,
    header: (name: string) => headers[name.toLowerCase()],
    get: (name: string) => headers[name.toLowerCase()],
  };
  const token = caller ? tokenClaims(caller.idToken) : null;
  return {
    data: overTheWire(data),
    auth: token ? { uid: token.sub, token, rawToken: caller!.idToken } : undefined,
    rawRequest,
    acceptsStreaming: false,
  } as unknown as CallableRequest;
}

async function callInProcess<T>(
  name: string,
  data: unknown,
  caller: Caller | undefined,
  { fromIp = '127.0.0.1' }: CallOptions,
): Promise<CallResult<T>> {
  try {
    const result = await handlerOf(name).run(requestOf(data, caller, fromIp));
    return { ok: true, result: JSON.parse(JSON.stringify({ result }) ?? '{}').result as T };
  } catch (error) {
    if (isHttpsError(error)) {
      const { status, message } = error.toJSON();
      const details: unknown = error.details;
      const answer = {
        ok: false as const,
        status,
        message,
        ...(details === undefined ? {} : { details }),
      };
      // Not part of the answer a client gets (and so not compared by toEqual), but named when
      // a test fails on it: an in-process `internal` says what went wrong.
      return Object.defineProperty(answer, 'cause', { value: error.cause, enumerable: false });
    }
    throw error;
  }
}

async function callOverHttp<T>(
  name: string,
  data: unknown,
  caller: Caller | undefined,
  { fromIp }: CallOptions,
): Promise<CallResult<T>> {
  const response = await fetch(functionUrl(name), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(caller ? { authorization: `Bearer ${caller.idToken}` } : {}),
      // The emulator trusts X-Forwarded-For, so per-IP limits can be tested in isolation.
      ...(fromIp ? { 'x-forwarded-for': fromIp } : {}),
    },
    body: toWire(data),
  });
  const body = (await response.json()) as {
    result?: T;
    error?: { status: string; message: string; details?: unknown };
  };
  if (body.error) return { ok: false, ...body.error };
  return { ok: true, result: body.result as T };
}

/**
 * Sends anything to a callable as `caller` (or a guest): for requests a client should never
 * make (wrong types, missing fields), which the typed `call` does not allow.
 */
export function callRaw(
  name: CallableName,
  data: unknown,
  caller?: Caller,
  options: CallOptions = {},
): Promise<CallResult<unknown>> {
  return FUNCTIONS_IN_PROCESS
    ? callInProcess(name, data, caller, options)
    : callOverHttp(name, data, caller, options);
}

/** Calls a callable as `caller` (or a guest) and answers its result or its refusal. */
export function call<N extends CallableName>(
  name: N,
  data: CallableInput<N>,
  caller?: Caller,
  options: CallOptions = {},
): Promise<CallResult<CallableOutput<N>>> {
  return callRaw(name, data, caller, options) as Promise<CallResult<CallableOutput<N>>>;
}

/** Calls and expects success. */
export async function callOk<N extends CallableName>(
  name: N,
  data: CallableInput<N>,
  caller?: Caller,
  options: CallOptions = {},
): Promise<CallableOutput<N>> {
  const answer = await call(name, data, caller, options);
  if (!answer.ok) {
    const cause = answer.cause === undefined ? '' : ` (cause: ${String(answer.cause)})`;
    throw new Error(`${name} failed: ${answer.status} ${answer.message}${cause}`);
  }
  return answer.result;
}
