/**
 * Hardening: every callable is fuzzed with generated bad input (fast-check). Whoever calls,
 * the answer must be a clear refusal (invalid-argument, not-found, permission-denied,
 * failed-precondition, unauthenticated, or resource-exhausted from a rate limit) with a
 * message, never `internal`, and no document may change anywhere in the database.
 *
 * Two kinds of input per callable:
 * - schema-refused input: mutations of a valid sample (a field missing, of the wrong type,
 *   null, a 100 kB string, a negative, fractional, infinite or NaN number, an extra field,
 *   an array where an object belongs) and arbitrary JSON values. Each generated value is
 *   checked against the callable's own domain schema after the JSON round trip, so only
 *   input the schema refuses is sent: the answer is then exactly the role check's refusal
 *   (administrator callables check the claim first) or `invalid-argument`.
 * - schema-valid input naming documents that do not exist or, for customers, documents of
 *   another customer (their reservation, order, tickets, support ticket, saved card,
 *   account): any clear refusal will do, but nothing may change.
 */
import fc from 'fast-check';
import {
  CALLABLES,
  LONG_RUNNING_CALLABLES,
  LONG_RUNNING_SECONDS,
  notificationsPath,
  supportMessagesPath,
  ticketsCollection,
  type CallableAccess,
  type CallableName,
  type ContractOf,
} from '@rafflewin/domain';
import { adminDb } from '../support/admin';
import * as functionsIndex from '../../functions/src/index';
import { FUZZ_SAMPLES, type FuzzSample, type IdKind } from '../support/callableCatalog';
import { UndecodableData, callRaw, overTheWire, toWire } from '../support/callables';
import { callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import { saveCard } from '../support/stripeDouble';
import { CORRECT, QUESTION_ID, buyTickets, createRaffle, line } from '../support/raffles';
import {
  isRefusalRecord,
  settledSnapshot,
  snapshotChanges,
  snapshotDatabase,
  type Snapshot,
} from '../support/snapshot';
import { openSupportTicket } from '../../functions/src/services/support/openSupportTicket';
import { notifyUser } from '../../functions/src/services/notifications/notify';
import { registerDevice } from '../../functions/src/services/push/devices';

jest.setTimeout(240_000);

/** Runs per callable (each is a call of the function's handler, in this process). */
const INVALID_RUNS = 12;
const ID_RUNS = 6;

/** A callable as the fuzzer sees it: its test data, and its contract's schema and access. */
interface CallableSpec extends FuzzSample {
  schema: ContractOf<CallableName>['input'];
  access: CallableAccess;
}

const specOf = (name: CallableName): CallableSpec => ({
  ...FUZZ_SAMPLES[name],
  schema: CALLABLES[name].input,
  access: CALLABLES[name].access,
});

const CLEAR_REFUSALS = [
  'INVALID_ARGUMENT',
  'NOT_FOUND',
  'PERMISSION_DENIED',
  'FAILED_PRECONDITION',
  'UNAUTHENTICATED',
  'RESOURCE_EXHAUSTED',
];

/** True when the callable's schema refuses `data` (or it never reaches the schema). */
function refusedBy(spec: CallableSpec, data: unknown): boolean {
  try {
    return !spec.schema.safeParse(overTheWire(data)).success;
  } catch (error) {
    // Refused by the SDK before any handler runs: tests/http/callableProtocol.test.ts.
    if (error instanceof UndecodableData) return false;
    throw error;
  }
}

interface Answer {
  ok: boolean;
  status: string;
  message: string;
}

/** One request, from a fresh address each time (per-IP limits play no part). */
async function send(name: CallableName, data: unknown, caller: Customer | null): Promise<Answer> {
  const fromIp = `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}`;
  const answer = await callRaw(name, data, caller ?? undefined, { fromIp });
  return answer.ok
    ? { ok: true, status: 'OK', message: '' }
    : { ok: false, status: answer.status, message: answer.message };
}

// ---------------------------------------------------------------------------------------------
// Generators.

const HUGE = 'x'.repeat(100_000);

const badString = fc.oneof(
  fc.string({ maxLength: 24 }),
  fc.constantFrom(
    '',
    '   ',
    HUGE,
    `${HUGE}@example.com`,
    '../../settings/site',
    'users/other',
    'a/b',
    '__proto__',
    '\u0000',
    '<script>alert(1)</script>',
    'NaN',
    '-1',
    '1e309',
    '0x10',
    'DELETE ',
  ),
);

const badNumber = fc.oneof(
  fc.integer({ min: -1_000_000, max: -1 }),
  fc.double({ min: -1e6, max: 1e6, noInteger: true, noNaN: true }),
  fc.constantFrom(0, -0.5, 0.5, 1.5, -1, 1e21, 2 ** 53 + 2, NaN, Infinity, -Infinity),
);

const badValue: fc.Arbitrary<unknown> = fc.oneof(
  badString,
  badNumber,
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.anything({ maxDepth: 2 }),
  // The callable protocol's type tags: a valid 64-bit integer, an unknown tag, a broken value.
  fc.constantFrom(
    { '@type': 'type.googleapis.com/google.protobuf.Int64Value', value: '12' },
    { '@type': 'type.googleapis.com/google.protobuf.UInt64Value', value: '-3.5' },
    { '@type': 'type.googleapis.com/google.protobuf.Struct', value: {} },
    { '@type': 'type.googleapis.com/google.protobuf.Int64Value', value: 'lots' },
    { '@type': true },
  ),
);

type Path = Array<string | number>;

/** Every position in a JSON value: the root, every field and every array element. */
function positions(value: unknown, at: Path = []): Path[] {
  const here = [at];
  if (Array.isArray(value)) {
    return here.concat(value.flatMap((item, i) => positions(item, [...at, i])));
  }
  if (value && typeof value === 'object') {
    return here.concat(Object.entries(value).flatMap(([key, v]) => positions(v, [...at, key])));
  }
  return here;
}

type Container = Record<string | number, unknown>;

function valueAt(root: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Container | null)?.[key], root);
}

function setOwn(target: Container, key: string | number, value: unknown) {
  // defineProperty, so that a key such as "__proto__" becomes an ordinary field.
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

type Operation = 'replace' | 'remove' | 'extra' | 'wrap';

interface Mutation {
  at: Path;
  op: Operation;
  value: unknown;
  key: string;
}

/** Applies a mutation to a copy of `input`: the changed input. */
function mutate(input: unknown, { at, op, value, key }: Mutation): unknown {
  const root = structuredClone(input);
  const current = valueAt(root, at);
  const parent = valueAt(root, at.slice(0, -1));
  // An earlier mutation removed or replaced this position's parent: nothing to do.
  if (at.length > 0 && (parent === null || typeof parent !== 'object')) return root;
  const last = at[at.length - 1]!;
  const replaceWith = (next: unknown): unknown => {
    if (at.length === 0) return next;
    setOwn(parent as Container, last, next);
    return root;
  };
  switch (op) {
    case 'replace':
      return replaceWith(value);
    case 'wrap':
      return replaceWith([current]);
    case 'remove': {
      if (at.length === 0) return null;
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete (parent as Container)[last];
      return root;
    }
    case 'extra':
      if (current && typeof current === 'object' && !Array.isArray(current)) {
        setOwn(current as Container, key, value);
        return root;
      }
      if (Array.isArray(current)) {
        current.push(value);
        return root;
      }
      return replaceWith({ [key]: value });
  }
}

const extraKey = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.constantFrom('__proto__', 'constructor', 'admin', 'userId', 'status', 'soldTickets', 'amount'),
);

/** Input the callable's schema refuses: one or two mutations of its sample, or any value. */
function refusedInput(spec: CallableSpec): fc.Arbitrary<unknown> {
  const mutation = fc.record({
    at: fc.constantFrom(...positions(spec.sample)),
    op: fc.constantFrom<Operation>('replace', 'replace', 'remove', 'extra', 'wrap'),
    value: badValue,
    key: extraKey,
  });
  return fc
    .oneof(
      { weight: 4, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 2 }) },
      {
        weight: 1,
        arbitrary: badValue.map((value): Mutation[] => [{ at: [], op: 'replace', value, key: '' }]),
      },
    )
    .map((mutations) => mutations.reduce<unknown>(mutate, spec.sample))
    .filter((input) => refusedBy(spec, input));
}

// ---------------------------------------------------------------------------------------------
// Callers and the victim's documents.

type Role = 'guest' | 'customer' | 'admin';

const rolesFor = (spec: CallableSpec): Role[] =>
  spec.access === 'admin' ? ['guest', 'customer', 'admin', 'admin'] : ['guest', 'customer'];

/** Kinds of document a customer owns: those a customer may name and must not reach. */
const OWNED: ReadonlySet<IdKind> = new Set([
  'order',
  'ticket',
  'session',
  'supportTicket',
  'supportMessage',
  'paymentMethod',
  'device',
  'uid',
]);

let admin: Customer;
let attacker: Customer;
let victim: Customer;
/** The victim's documents, by kind (and a live raffle, which only admins may act on). */
const foreign: Partial<Record<IdKind, string[]>> = {};

/**
 * A schema-valid input naming unknown documents, or (for non-administrators) the victim's.
 * Administrators get unknown ids only: acting on a customer's documents is their job.
 */
function idInput(spec: CallableSpec, role: Role) {
  return fc
    .record({
      suffix: fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/),
      pick: fc.nat(),
      useForeign: fc.boolean(),
      digits: fc.integer({ min: 0, max: 999_999 }),
    })
    .map(({ suffix, pick, useForeign, digits }) =>
      spec.withIds!((kind) => {
        const theirs = foreign[kind] ?? [];
        const mayUseTheirs =
          role !== 'admin' && theirs.length > 0 && (spec.access === 'admin' || OWNED.has(kind));
        if (useForeign && mayUseTheirs) return theirs[pick % theirs.length]!;
        if (kind === 'totpCode') return String(digits).padStart(6, '0');
        if (kind === 'device') return String(digits).padStart(40, 'f');
        if (kind === 'setupSession') return `cs_${suffix.replace(/[^A-Za-z0-9]/g, '') || 'x'}`;
        return `fuzz-${suffix}`;
      }),
    );
}

const callerFor = (role: Role): Customer | null =>
  role === 'guest' ? null : role === 'admin' ? admin : attacker;

/** The refusal a schema-refused input must get, by role. */
function expectedRefusal(spec: CallableSpec, role: Role): string {
  // The role check comes first; a caller who passes it meets the schema.
  if (spec.access === 'anyone' || role === 'admin') return 'INVALID_ARGUMENT';
  if (role === 'guest') return 'UNAUTHENTICATED';
  return spec.access === 'admin' ? 'PERMISSION_DENIED' : 'INVALID_ARGUMENT';
}

function describeCase(name: string, role: Role, input: unknown, answer: Answer) {
  const shown = toWire(input).replace(HUGE, `x…(${HUGE.length} chars)`).slice(0, 400);
  return `${name} as ${role} with ${shown} answered ${answer.status}: ${answer.message}`;
}

// ---------------------------------------------------------------------------------------------

describe('the fuzzed callables', () => {
  it('are exactly the callables functions/src/index.ts exports', () => {
    const exported = Object.entries(functionsIndex)
      .filter(([, fn]) => {
        const endpoint = (fn as { __endpoint?: { callableTrigger?: unknown } }).__endpoint;
        return endpoint?.callableTrigger !== undefined;
      })
      .map(([name]) => name)
      .sort();
    expect(exported.length).toBeGreaterThan(0);
    expect(Object.keys(CALLABLES).sort()).toEqual(exported);
  });

  it('run for the long-running time where they work through a whole raffle or account', () => {
    const timeouts = Object.fromEntries(
      Object.entries(functionsIndex).map(([name, fn]) => [
        name,
        (fn as { __endpoint?: { timeoutSeconds?: number } }).__endpoint?.timeoutSeconds,
      ]),
    );
    for (const name of LONG_RUNNING_CALLABLES) {
      expect([name, timeouts[name]]).toEqual([name, LONG_RUNNING_SECONDS]);
    }
    expect(timeouts.startCheckout).not.toBe(LONG_RUNNING_SECONDS);
  });

  it('have valid samples and id inputs, so every mutation tests one broken part', () => {
    for (const name of Object.keys(CALLABLES) as CallableName[]) {
      const spec = specOf(name);
      expect({ name, ok: spec.schema.safeParse(spec.sample).success }).toEqual({ name, ok: true });
      if (spec.withIds) {
        const input = spec.withIds((kind) =>
          kind === 'totpCode'
            ? '123456'
            : kind === 'setupSession'
              ? 'cs_abc'
              : kind === 'device'
                ? 'f'.repeat(40)
                : 'fuzz-id',
        );
        expect({ name, ok: spec.schema.safeParse(input).success }).toEqual({ name, ok: true });
      }
    }
  });
});

describe('every callable, fuzzed with bad input', () => {
  let baseline: Snapshot;

  beforeAll(async () => {
    [admin, attacker, victim] = await Promise.all([
      newAdmin('Fuzz', 'Admin'),
      newCustomer('Fuzz', 'Attacker'),
      newCustomer('Fuzz', 'Victim'),
    ]);
    // The victim owns an order with tickets, an open reservation, a support conversation, a
    // saved card and a notification.
    const [bought, reserved] = await Promise.all([createRaffle(), createRaffle()]);
    await buyTickets(victim, bought, 2);
    const order = await adminDb.collection('orders').where('userId', '==', victim.uid).get();
    const tickets = await adminDb
      .collection(ticketsCollection)
      .where('userId', '==', victim.uid)
      .get();
    const pending = await callOk('startCheckout', { items: [line(reserved, 1, CORRECT)] }, victim);
    const { ticketId } = await openSupportTicket(
      adminDb,
      {
        name: 'Fuzz Victim',
        email: victim.email,
        subject: 'My tickets',
        message: 'Where are they?',
        complaint: false,
      },
      victim.uid,
    );
    const messages = await adminDb.collection(supportMessagesPath(ticketId)).get();
    const card = await saveCard(victim);
    await notifyUser(adminDb, victim.uid, {
      type: 'system',
      kind: 'messages',
      title: 'Hello',
      message: 'Hi',
    });
    const device = await registerDevice(adminDb, victim.uid, {
      token: 'victim-token',
      label: 'Phone',
    });
    Object.assign(foreign, {
      order: order.docs.map((doc) => doc.id),
      ticket: tickets.docs.map((doc) => doc.id),
      session: [pending.sessionId, ...order.docs.map((doc) => doc.get('checkoutSessionId'))],
      supportTicket: [ticketId],
      supportMessage: messages.docs.map((doc) => doc.id),
      paymentMethod: [card.paymentMethodId],
      device: [device.deviceId],
      uid: [victim.uid],
      raffle: [bought, reserved],
      question: [QUESTION_ID],
    } satisfies Partial<Record<IdKind, string[]>>);
    expect(foreign.order).toHaveLength(1);
    expect(foreign.ticket).toHaveLength(2);
    expect(foreign.supportMessage!.length).toBeGreaterThan(0);
    expect(
      (await adminDb.collection(notificationsPath(victim.uid)).count().get()).data().count,
    ).toBeGreaterThan(0);
    // The purchase's triggers (counts, e-mails) run asynchronously: the baseline is taken
    // once they have finished.
    baseline = await settledSnapshot();
  });

  const names = Object.keys(CALLABLES) as CallableName[];
  it.each(names)('%s', async (name) => {
    const spec = specOf(name);
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...rolesFor(spec))
          .chain((role) => refusedInput(spec).map((input) => ({ role, input }))),
        async ({ role, input }) => {
          const answer = await send(name, input, callerFor(role));
          const expected = expectedRefusal(spec, role);
          if (answer.status !== expected || !answer.message.trim()) {
            throw new Error(`Expected ${expected}: ${describeCase(name, role, input, answer)}`);
          }
        },
      ),
      { numRuns: INVALID_RUNS, endOnFailure: true },
    );

    if (spec.withIds) {
      await fc.assert(
        fc.asyncProperty(
          fc
            .constantFrom(...rolesFor(spec))
            .chain((role) => idInput(spec, role).map((input) => ({ role, input }))),
          async ({ role, input }) => {
            const answer = await send(name, input, callerFor(role));
            if (!CLEAR_REFUSALS.includes(answer.status) || !answer.message.trim()) {
              throw new Error(
                `Expected a clear refusal: ${describeCase(name, role, input, answer)}`,
              );
            }
          },
        ),
        { numRuns: ID_RUNS, endOnFailure: true },
      );
    }

    // Refusals may count against rate limits (rateLimits/*) and, at the two-factor code limit,
    // alert the owner; nothing else may change.
    expect(snapshotChanges(baseline, await snapshotDatabase(), isRefusalRecord)).toEqual([]);
  });
});
