/**
 * Hostile input at every callable's door, as a fixed battery (fuzz.test.ts generates its own):
 * each callable of the registry is called by the kind of caller its access names (a guest, a
 * customer, an administrator; a fresh account per callable) with null, arrays, strings,
 * numbers, `{}`, objects nested 1000 deep, and a valid input (its sample in
 * tests/support/callableCatalog.ts, ids unknown) with each field, from the contract's zod
 * shape down to the sample's nested fields, missing, of every wrong type, 100 kB long, with
 * control characters, CR-LF, emoji or RTL marks, negative, fractional, NaN, infinite or huge,
 * nested 1000 deep, and with unknown fields added.
 *
 * Input the contract's schema refuses (checked after the JSON round trip) must be refused
 * with `invalid-argument` and a message a person can read, and change no document. Input it
 * accepts (optional fields left out, free text with emoji or line breaks, unknown fields of a
 * schema that drops them) reaches the handler: whatever it answers must not be `internal` and
 * any refusal must be readable. Orders, tickets and raffles are counted before and after all.
 */
import {
  CALLABLES,
  ticketsCollection,
  type CallableAccess,
  type CallableName,
} from '@rafflewin/domain';
import { adminDb, uniqueEmail } from '../support/admin';
import { FUZZ_SAMPLES, type IdKind } from '../support/callableCatalog';
import { UndecodableData, callRaw, overTheWire } from '../support/callables';
import { newAdmin, newCustomer, type Customer } from '../support/customers';
import { buyTickets, createRaffle } from '../support/raffles';
import {
  isRateLimitRecord,
  settledSnapshot,
  snapshotChanges,
  snapshotDatabase,
} from '../support/snapshot';
import { HOST, PORTS } from '../../emulators/config';

jest.setTimeout(120_000);

const NAMES = Object.keys(CALLABLES) as CallableName[];

// ---------------------------------------------------------------------------------------------
// The contract's zod schema, read as far as the battery needs: its top-level fields and kinds.

interface ZodLike {
  _zod: {
    def: {
      type: string;
      innerType?: ZodLike;
      in?: ZodLike;
      shape?: Record<string, ZodLike>;
      options?: ZodLike[];
    };
  };
}

/** The schema under optional/nullable/default wrappers and transforms. */
function unwrap(schema: ZodLike): ZodLike {
  const { def } = schema._zod;
  const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
  return inner ? unwrap(inner) : schema;
}

/** The top-level fields of an object schema (all variants' of a union), by name. */
function fieldsOf(schema: ZodLike): Record<string, ZodLike> {
  const { def } = unwrap(schema)._zod;
  if (def.type === 'object') return def.shape ?? {};
  if (def.type === 'union') return Object.assign({}, ...(def.options ?? []).map(fieldsOf));
  return {};
}

type Kind = 'string' | 'number' | 'other';

function kindOf(schema: ZodLike | undefined, sample: unknown): Kind {
  const type = schema ? unwrap(schema)._zod.def.type : typeof sample;
  if (['string', 'enum', 'template_literal'].includes(type)) return 'string';
  if (['number', 'int', 'bigint'].includes(type)) return 'number';
  return 'other';
}

// ---------------------------------------------------------------------------------------------
// The battery.

const LONG = 'x'.repeat(100_000);

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}
const DEEP = nested(1000);

/** Any field: values of the wrong type (or of no use). */
const WRONG: Record<string, unknown> = {
  null: null,
  'a number': 42,
  'a string': 'hostile',
  'a boolean': true,
  'an empty object': {},
  'an array': ['hostile'],
  'an object 1000 deep': DEEP,
};

const STRINGS: Record<string, unknown> = {
  '100k characters': LONG,
  'control characters': 'a\u0000b\u0007c\u001b[2Jd\u007f',
  'CR-LF': 'line one\r\nBcc: someone@example.com\r\n\r\nbody',
  emoji: '🎟️😀👨‍👩‍👧🏴󠁧󠁢󠁥󠁮󠁧󠁿',
  'RTL marks': '\u202Egnp.exe\u200F\u200E\u2066x\u2069',
  blank: '   ',
  NUL: '\u0000',
};

const NUMBERS: Record<string, unknown> = {
  '-1': -1,
  '0.5': 0.5,
  '1e308': 1e308,
  '-1e308': -1e308,
  // JSON.stringify sends NaN as null, as a browser does.
  NaN: NaN,
  Infinity: Infinity,
  '2^53 + 2': 2 ** 53 + 2,
  'the string "NaN"': 'NaN',
};

/** Whole inputs that are not the object every contract expects. */
const WHOLE: Record<string, unknown> = {
  null: null,
  'an empty array': [],
  'an array of objects': [{}, {}],
  'a string': 'hostile',
  'a 100k string': LONG,
  'a number': 42,
  'a negative number': -1,
  'a huge number': 1e308,
  true: true,
  '{} (every field missing)': {},
  'an object 1000 deep': DEEP,
};

/** Fields a hostile client adds, hoping the handler copies its input into a document. */
const EXTRA_FIELDS = {
  hostileExtra: 'x',
  admin: true,
  isAdmin: true,
  role: 'admin',
  banned: false,
  accountCredit: 1_000_000,
  soldTickets: 0,
  status: 'paid',
};

// ---------------------------------------------------------------------------------------------
// Each callable's valid starting point and its cases.

const unknownId = (kind: IdKind): string =>
  kind === 'totpCode'
    ? '000000'
    : kind === 'device'
      ? 'f'.repeat(40)
      : kind === 'setupSession'
        ? 'cs_hostile_unknown'
        : `hostile-unknown-${kind}`;

/** SMTP settings pointing at the local MailDev, so accepted input never waits on the network. */
const LOCAL_SMTP = {
  host: HOST,
  port: PORTS.smtp,
  secure: false,
  user: 'mailer',
  fromAddress: 'shop@example.com',
  fromName: 'RaffleWin',
};

/** A valid input, naming documents that do not exist; e-mail addresses unique per case. */
function validInput(name: CallableName): Record<string, unknown> {
  const { sample, withIds } = FUZZ_SAMPLES[name];
  let base = structuredClone((withIds ? withIds(unknownId) : sample) as Record<string, unknown>);
  if (name === 'sendTestEmail') {
    base = { smtp: { ...LOCAL_SMTP, password: 'secret' }, to: 'admin@example.com' };
  }
  if (name === 'updateEmailSettings')
    base = { ...LOCAL_SMTP, password: null, clearPassword: false };
  for (const key of ['email', 'newEmail']) {
    if (typeof base[key] === 'string') base[key] = uniqueEmail('hostile');
  }
  return base;
}

type Path = Array<string | number>;

/** Every field and element of a value, with its value. */
function positions(value: unknown, at: Path = []): Array<[Path, unknown]> {
  const children = Array.isArray(value)
    ? value.map((item, i): [Path, unknown] => [[...at, i], item])
    : value && typeof value === 'object'
      ? Object.entries(value).map(([key, item]): [Path, unknown] => [[...at, key], item])
      : [];
  return children.flatMap((child) => [child, ...positions(child[1], child[0])]);
}

type Container = Record<string | number, unknown>;

/** A copy of `input` with the value at `path` replaced (`undefined`: removed). */
function withValue(input: unknown, path: Path, value: unknown): unknown {
  const root = structuredClone(input) as Container;
  const parent = path.slice(0, -1).reduce<Container>((node, key) => node[key] as Container, root);
  const last = path[path.length - 1]!;
  if (value !== undefined) parent[last] = value;
  else if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete parent[last];
  return root;
}

interface Case {
  label: string;
  input: () => unknown;
}

function casesFor(name: CallableName): Case[] {
  const cases: Case[] = Object.entries(WHOLE).map(([label, input]) => ({
    label: `the whole input is ${label}`,
    input: () => input,
  }));
  const fields = fieldsOf(CALLABLES[name].input as unknown as ZodLike);
  const base = validInput(name);
  // The shape's fields (optional ones the sample leaves out too), then the sample's nested ones.
  const paths = new Map<string, [Path, Kind]>();
  for (const [key, schema] of Object.entries(fields)) {
    paths.set(key, [[key], kindOf(schema, base[key])]);
  }
  for (const [path, value] of positions(base)) {
    const key = path.join('.');
    if (!paths.has(key)) paths.set(key, [path, kindOf(undefined, value)]);
  }
  for (const [key, [path, kind]] of paths) {
    const values = {
      ...WRONG,
      ...(kind !== 'number' ? STRINGS : {}),
      ...(kind !== 'string' ? NUMBERS : {}),
    };
    cases.push({
      label: `${key} missing`,
      input: () => withValue(validInput(name), path, undefined),
    });
    for (const [label, value] of Object.entries(values)) {
      cases.push({
        label: `${key} = ${label}`,
        input: () => withValue(validInput(name), path, value),
      });
    }
  }
  cases.push({
    label: 'unknown fields added',
    input: () => ({ ...validInput(name), ...EXTRA_FIELDS }),
  });
  cases.push({
    label: 'a "__proto__" field added',
    input: () =>
      Object.defineProperty(validInput(name), '__proto__', {
        value: { admin: true },
        enumerable: true,
      }),
  });
  for (const [path, value] of positions(base)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      cases.push({
        label: `an unknown field added in ${path.join('.')}`,
        input: () => withValue(validInput(name), [...path, 'hostileExtra'], 'x'),
      });
    }
  }
  return cases;
}

/** True when the contract's schema takes `input` as the handler would receive it. */
function acceptedBySchema(name: CallableName, input: unknown): boolean {
  try {
    return CALLABLES[name].input.safeParse(overTheWire(input)).success;
  } catch (error) {
    if (error instanceof UndecodableData) return false;
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Calling and judging.

const callers = new Map<CallableName, Customer | undefined>();
/** The accepted saveRaffle inputs that created a raffle (a create asks for raffleId null). */
const createdRaffles: string[] = [];

const callerKind = (access: CallableAccess) =>
  access === 'anyone' ? 'guest' : access === 'admin' ? 'admin' : 'customer';

let ipCounter = 0;
/** A fresh address per request: per-IP rate limits play no part. */
const nextIp = () => {
  ipCounter += 1;
  return `10.77.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/** Why `message` is not a refusal a person can read, or null. */
function unreadable(message: string): string | null {
  if (!message.trim()) return 'an empty message';
  if (message.length >= 300) return `a message of ${message.length} characters`;
  if (/\[\{|ZodError|^\s*at |\n\s*at |\[object Object\]|TypeError/m.test(message)) {
    return 'internals in the message';
  }
  // A schema's regular expression, a source file, Node's or OpenSSL's own error words.
  if (
    /\/\^.*\$\/|\.\.\/|\.(c|js|ts):\d+|SSL routines|getaddrinfo|\bE(CONNREFUSED|NOTFOUND|CONNRESET|AI_AGAIN)\b/.test(
      message,
    )
  ) {
    return 'internals in the message';
  }
  // zod's own terms (the wrapper words a missing or mistyped field, an option, an unknown field,
  // a limit, a format).
  if (
    /^Invalid (input|option|string|number)\b|^Too (big|small):|Unrecognized key|expected \w+, received/.test(
      message,
    )
  ) {
    return "zod's own wording";
  }
  if (/^internal$/i.test(message.trim())) return 'the word "internal"';
  if (!/[A-Za-z]{3,}.*[A-Za-z]{2,}/.test(message)) return 'no words';
  return null;
}

const shown = (message: string) =>
  message.length > 120 ? `${message.slice(0, 120)}…(${message.length} chars)` : message;

interface Verdict {
  problem: string | null;
  accepted: boolean;
}

async function judge(name: CallableName, hostile: Case): Promise<Verdict> {
  const input = hostile.input();
  const accepted = acceptedBySchema(name, input);
  const answer = await callRaw(name, input, callers.get(name), { fromIp: nextIp() });
  const where = `${name}, ${hostile.label}:`;
  if (answer.ok) {
    if (name === 'saveRaffle' && (answer.result as { created?: boolean }).created) {
      createdRaffles.push(hostile.label);
    }
    return {
      accepted,
      problem: accepted ? null : `${where} refused by its schema, yet answered ok`,
    };
  }
  if (['INTERNAL', 'UNKNOWN'].includes(answer.status)) {
    return { accepted, problem: `${where} ${answer.status} "${shown(answer.message)}"` };
  }
  if (!accepted && answer.status !== 'INVALID_ARGUMENT') {
    return {
      accepted,
      problem: `${where} ${answer.status} instead of INVALID_ARGUMENT "${shown(answer.message)}"`,
    };
  }
  const why = unreadable(answer.message);
  return {
    accepted,
    problem: why ? `${where} ${answer.status} with ${why}: "${shown(answer.message)}"` : null,
  };
}

/** Runs `cases` a few at a time and answers every problem found. */
async function battery(name: CallableName, cases: Case[], atOnce: number): Promise<string[]> {
  const problems: string[] = [];
  for (let i = 0; i < cases.length; i += atOnce) {
    const verdicts = await Promise.all(cases.slice(i, i + atOnce).map((c) => judge(name, c)));
    problems.push(...verdicts.flatMap((v) => (v.problem ? [v.problem] : [])));
  }
  return problems;
}

const COUNTED = ['orders', ticketsCollection, 'raffles'];

async function counts(): Promise<Record<string, number>> {
  const entries = await Promise.all(
    COUNTED.map(async (path) => [
      path,
      (await adminDb.collection(path).count().get()).data().count,
    ]),
  );
  return Object.fromEntries(entries) as Record<string, number>;
}

// ---------------------------------------------------------------------------------------------

let countsBefore: Record<string, number>;

beforeAll(async () => {
  // Something to count: a raffle with a paid order and its tickets.
  const buyer = await newCustomer('Hostile', 'Buyer');
  await buyTickets(buyer, await createRaffle(), 2);
  // A fresh account per callable: one callable's accepted input (revokeSessions, a play
  // break, deleteAccount) cannot stand in another's way.
  for (let i = 0; i < NAMES.length; i += 10) {
    await Promise.all(
      NAMES.slice(i, i + 10).map(async (name) => {
        const kind = callerKind(CALLABLES[name].access);
        callers.set(
          name,
          kind === 'guest'
            ? undefined
            : kind === 'admin'
              ? await newAdmin('Hostile', 'Admin')
              : await newCustomer('Hostile', 'Caller'),
        );
      }),
    );
  }
  await settledSnapshot();
  countsBefore = await counts();
  expect(countsBefore.orders).toBeGreaterThan(0);
  expect(countsBefore[ticketsCollection]).toBeGreaterThan(0);
});

it('starts every callable from an input its schema accepts', () => {
  const invalid = NAMES.filter((name) => !acceptedBySchema(name, validInput(name)));
  expect(invalid).toEqual([]);
});

describe('input the schema refuses', () => {
  it.each(NAMES)('%s refuses it with a readable message and changes nothing', async (name) => {
    const refused = casesFor(name).filter((c) => !acceptedBySchema(name, c.input()));
    expect(refused.length).toBeGreaterThan(10);
    const before = await snapshotDatabase();
    const problems = await battery(name, refused, 16);
    expect(problems).toEqual([]);
    expect(snapshotChanges(before, await snapshotDatabase(), isRateLimitRecord)).toEqual([]);
  });
});

describe('input the schema accepts', () => {
  it.each(NAMES)('%s answers it without an internal error', async (name) => {
    const accepted = casesFor(name).filter((c) => acceptedBySchema(name, c.input()));
    // One at a time: each may change what the next finds (a profile saved, a session ended).
    expect(await battery(name, accepted, 1)).toEqual([]);
  });

  it('left the orders, tickets and raffles as they were', async () => {
    await settledSnapshot();
    // Only an input with raffleId null (a valid new raffle, however odd its text) may add one.
    expect(createdRaffles.every((label) => label.startsWith('raffleId '))).toBe(true);
    expect(await counts()).toEqual({
      ...countsBefore,
      raffles: countsBefore.raffles! + createdRaffles.length,
    });
  });
});
