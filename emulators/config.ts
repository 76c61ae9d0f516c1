/** Where the local emulators and MailDev listen; shared by `npm start`, the seed and tests. */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '..');
export const PROJECT_ID = 'demo-rafflewin';
export const HOST = '127.0.0.1';

export const PORTS = {
  auth: 9099,
  firestore: 8080,
  functions: 5001,
  hosting: 5000,
  hub: 4400,
  smtp: 1025,
  mailWeb: 1080,
  /** The local Stripe double (emulators/stripe), on stripe-mock's usual port. */
  stripe: 12111,
} as const;

export const URLS = {
  shop: `http://${HOST}:${PORTS.hosting}`,
  inbox: `http://${HOST}:${PORTS.mailWeb}`,
  stripe: `http://${HOST}:${PORTS.stripe}`,
} as const;

/** `KEY=value` lines of a dotenv file (quotes kept: the functions emulator keeps them too). */
export function readDotenv(path: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (match) values[match[1]!] = match[2]!;
  }
  return values;
}

/** The emulated project's function settings (functions/.env.demo-rafflewin). */
export const FUNCTIONS_ENV = readDotenv(join(ROOT, 'functions', `.env.${PROJECT_ID}`));

/**
 * The Stripe double's account as the functions use it: their secret key (whose events go to
 * the emulated webhook) and the webhook's signing secret, from the functions' settings.
 */
export const STRIPE_DOUBLE = {
  secretKey: FUNCTIONS_ENV.STRIPE_SECRET_KEY ?? '',
  webhookSecret: FUNCTIONS_ENV.STRIPE_WEBHOOK_SECRET ?? '',
  webhookUrl: `http://${HOST}:${PORTS.functions}/${PROJECT_ID}/europe-west2/stripeWebhook`,
} as const;

export const DATA_DIR = join(ROOT, 'emulators', 'data');
/**
 * The Stripe double's payments across restarts: beside DATA_DIR, not in it, because the
 * emulators' export on exit replaces that folder.
 */
export const STRIPE_STATE_FILE = join(ROOT, 'emulators', 'data-stripe', 'state.json');
/**
 * MailDev's messages, beside (not inside) the emulators' export folder, which firebase-tools
 * replaces whole when it exports on exit.
 */
export const MAIL_DIR = join(ROOT, 'emulators', 'data-mail');
const CACHE_DIR = join(ROOT, 'emulators', '.cache');

/** The demo accounts the seed creates (documented in the README). */
export const DEMO_USERS = {
  customer: {
    uid: 'demo-customer',
    email: 'customer@example.com',
    password: 'Customer#2025',
    firstName: 'Jane',
    lastName: 'Smith',
  },
  admin: {
    uid: 'demo-admin',
    email: 'admin@example.com',
    password: 'Admin#2025!',
    firstName: 'Alex',
    lastName: 'Morgan',
  },
} as const;

/** Points the Admin SDK in this process at the emulators. */
export function useEmulatorsInThisProcess(): void {
  process.env.GCLOUD_PROJECT = PROJECT_ID;
  process.env.FIRESTORE_EMULATOR_HOST = `${HOST}:${PORTS.firestore}`;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `${HOST}:${PORTS.auth}`;
}

const SDK_FIRESTORE_JAR =
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';

/**
 * The Firestore emulator's JVM: one garbage-collector thread and the quick (C1) compiler only.
 * The emulator serves short local sessions on a small machine, where Java's optimising compiler
 * and parallel collector cost more CPU than they ever win back: measured here, a browser test
 * file cost the emulator 26 s of CPU with the defaults and 13 s with these.
 */
const FIRESTORE_JVM_OPTIONS = '-XX:+UseSerialGC -XX:TieredStopAtLevel=1';

/** The shim's own class, compiled against the installed emulator (emulators/firestore-shim). */
const SHIM_SOURCE = join(ROOT, 'emulators', 'firestore-shim', 'FirestoreListenHandler.java');

/**
 * Compiles the shim's class into `out`; false (and a warning) where `javac` is missing or the
 * installed emulator's classes differ from those it was written against: the shim then runs
 * the emulator unchanged.
 */
function compileShimClass(out: string): boolean {
  try {
    execFileSync(
      'javac',
      ['-proc:none', '-nowarn', '-cp', SDK_FIRESTORE_JAR, '-d', out, SHIM_SOURCE],
      { stdio: 'pipe' },
    );
    return true;
  } catch (error) {
    const said = error instanceof Error ? error.message : String(error);
    console.warn(
      `The Firestore emulator runs with its own listen handler, which keeps the targets of ` +
        `closed channels (javac: ${said.slice(0, 300)})`,
    );
    return false;
  }
}

/**
 * Builds the shim JAR: a manifest naming the emulator's main class and JAR, and our class, at
 * `path`; without our class (javac failed), at `plainPath`, so that a later start tries again.
 * Returns where it built it.
 */
function buildShim(path: string, plainPath: string): string {
  const work = join(CACHE_DIR, `shim-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  const classes = join(work, 'classes');
  mkdirSync(classes, { recursive: true });
  const manifest = join(work, 'MANIFEST.MF');
  writeFileSync(
    manifest,
    'Main-Class: com.google.cloud.datastore.emulator.firestore.CloudFirestore\n' +
      `Class-Path: file:${SDK_FIRESTORE_JAR}\n`,
  );
  const built = compileShimClass(classes) ? path : plainPath;
  execFileSync('jar', ['cfm', `${built}.${process.pid}`, manifest, '-C', classes, '.']);
  renameSync(`${built}.${process.pid}`, built);
  rmSync(work, { recursive: true, force: true });
  return built;
}

/**
 * The environment `firebase emulators:*` needs for the Firestore emulator: the JVM options
 * above (unless JAVA_TOOL_OPTIONS is set already), and where Google's Cloud SDK copy of the
 * emulator is installed, a shim JAR for it. firebase-tools runs `java -jar <emulator>` but
 * cannot download its own JAR without internet, and the SDK's copy has no Main-Class, so the
 * shim's manifest names it; the shim also carries our listen handler (emulators/firestore-shim),
 * found before the emulator's own. Built once per version of that class and of the emulator.
 * Elsewhere firebase-tools downloads its own.
 */
export function firestoreEmulatorEnv(): Record<string, string> {
  const jvm = { JAVA_TOOL_OPTIONS: process.env.JAVA_TOOL_OPTIONS ?? FIRESTORE_JVM_OPTIONS };
  if (!existsSync(SDK_FIRESTORE_JAR)) return jvm;
  const emulator = statSync(SDK_FIRESTORE_JAR);
  const version = createHash('sha256')
    .update(readFileSync(SHIM_SOURCE))
    .update(`${emulator.size}:${emulator.mtimeMs}`)
    .digest('hex')
    .slice(0, 12);
  const patched = join(CACHE_DIR, `firestore-emulator-shim-${version}.jar`);
  const shim = existsSync(patched)
    ? patched
    : buildShim(patched, join(CACHE_DIR, 'firestore-emulator-shim-plain.jar'));
  return { ...jvm, FIRESTORE_EMULATOR_BINARY_PATH: shim };
}

export const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

/** Resolves once an HTTP server answers on the port, or rejects after the timeout. */
export async function waitForHttp(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`Nothing answered at ${url}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
      .once('error', () => resolve(false))
      .once('listening', () => server.close(() => resolve(true)))
      .listen(port, HOST);
  });
}

/**
 * The ports `npm start`, `npm test` and `npm run bench` need that something else holds: `PORTS`
 * and every emulator port in firebase.json (the hub, logging, Eventarc and Cloud Tasks
 * emulators start too). Checked before anything starts, since a busy port fails later and less
 * clearly (the emulators stop; MailDev carries on without its inbox; the shop would talk to
 * whatever answers on the Stripe double's port).
 */
export async function busyPorts(): Promise<number[]> {
  const config = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
    emulators: Record<string, { port?: number }>;
  };
  const ports = new Set<number>(Object.values(PORTS));
  for (const emulator of Object.values(config.emulators)) {
    if (typeof emulator.port === 'number') ports.add(emulator.port);
  }
  const busy: number[] = [];
  for (const port of [...ports].sort((a, b) => a - b)) {
    if (!(await portIsFree(port))) busy.push(port);
  }
  return busy;
}

/** What to tell someone whose ports are taken. */
export const portsInUse = (busy: number[]) =>
  `${busy.length === 1 ? 'Port' : 'Ports'} ${busy.join(', ')} ${busy.length === 1 ? 'is' : 'are'} in use. Stop the other \`npm start\`, \`npm test\` or \`npm run bench\` (or whatever holds them) first.`;

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', v: '\v' };

/**
 * `KEY=value` lines of a dotenv file, read as the Functions emulator reads them (one value per
 * line): a value in quotes loses them (in double quotes, `\n` and the like are read), and an
 * unquoted one ends at a `#`.
 */
export function dotenv(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([\w./]+)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    const raw = match[2]!.trim();
    const quoted = /^(["'])((?:\\.|(?!\1).)*)\1\s*(?:#.*)?$/.exec(raw);
    values[match[1]!] = !quoted
      ? raw.replace(/\s*#.*$/, '')
      : quoted[1] === '"'
        ? quoted[2]!.replace(/\\([nrtv\\'"])/g, (_, c: string) => ESCAPES[c] ?? c)
        : quoted[2]!;
  }
  return values;
}

const dotenvFile = (path: string) => dotenv(readFileSync(path, 'utf8'));

/**
 * The variables the Functions emulator gives the functions (functions/.env.demo-rafflewin),
 * for code that runs the functions' services in another process (tests, the local scheduler).
 * `withLocal`: with `functions/.env.local` over them when there is one, as the emulator reads
 * it (real Stripe test keys: docs/payments.md), for the scheduler of `npm start`; tests keep
 * to the committed values.
 */
export function functionsEnv({ withLocal = false } = {}): Record<string, string> {
  const local = join(ROOT, 'functions', '.env.local');
  return {
    ...dotenvFile(join(ROOT, 'functions', '.env.demo-rafflewin')),
    ...(withLocal && existsSync(local) ? dotenvFile(local) : {}),
  };
}
