/**
 * `npm start`: builds the functions and the web app, starts the Firebase emulators (Auth,
 * Firestore, Functions, Hosting), MailDev and the Stripe double, seeds the demo data on the first
 * start and keeps state across restarts in emulators/data/ (the emulators'), data-stripe/ (the
 * double's) and data-mail/ (MailDev's). Ctrl-C stops everything and saves state.
 *
 * Flags: --no-build skips the builds (when nothing changed since the last start).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import {
  DATA_DIR,
  MAIL_DIR,
  DEMO_USERS,
  HOST,
  PORTS,
  PROJECT_ID,
  ROOT,
  STRIPE_STATE_FILE,
  URLS,
  bin,
  busyPorts,
  firestoreEmulatorEnv,
  functionsEnv,
  portsInUse,
  useEmulatorsInThisProcess,
  waitForHttp,
} from './config';
import { isSeeded, seedDemoData } from './seed/seed';
import { spawnStripeDouble } from './stripe/spawn';
import { finishPendingDeletions } from '../functions/src/services/account/deleteAccount';
import { expireReservations } from '../functions/src/services/checkout/release';
import { resumeStalledFreeClaims } from '../functions/src/services/checkout/resumeStalled';
import { notifySavedRafflesEndingSoon } from '../functions/src/services/push/endingSoon';
import { runDueDraws } from '../functions/src/services/draws/draw';
import { redeliverMail } from '../functions/src/services/mail/deliver';
import { indexUnsearchedRaffles } from '../functions/src/services/raffles/search';

const children: Array<[ChildProcess, 'group' | 'process']> = [];
let stopping = false;

const startedAt = Date.now();

/** A progress line with the seconds since `npm start` began. */
function progress(message: string): void {
  console.log(`[${Math.round((Date.now() - startedAt) / 1000)} s] ${message}`);
}

function run(command: string, args: string[], cwd = ROOT): void {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed.`);
    process.exit(result.status ?? 1);
  }
}

/** Builds the web app in the background; resolves when done (exits the process on failure). */
function buildWeb(): Promise<void> {
  return new Promise((resolve) => {
    const vite = spawn(bin('vite'), ['build', 'web', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    vite.on('exit', (code) => {
      if (code === 0) return resolve();
      console.error('\nThe web app did not build.');
      stopAll('SIGINT');
      process.exit(code ?? 1);
    });
  });
}

function startMailDev(): ChildProcess {
  const mailDir = MAIL_DIR;
  mkdirSync(mailDir, { recursive: true });
  return spawn(
    bin('maildev'),
    [
      '--ip',
      HOST,
      '--smtp',
      String(PORTS.smtp),
      '--web',
      String(PORTS.mailWeb),
      '--mail-directory',
      mailDir,
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], detached: true },
  );
}

function startEmulators(): ChildProcess {
  const importArgs = existsSync(join(DATA_DIR, 'firebase-export-metadata.json'))
    ? ['--import', DATA_DIR]
    : [];
  return spawn(
    bin('firebase'),
    [
      'emulators:start',
      '--project',
      PROJECT_ID,
      '--only',
      'auth,firestore,functions,hosting',
      ...importArgs,
      '--export-on-exit',
      DATA_DIR,
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
      // Its own process group: Ctrl-C reaches only this script, which then asks the
      // emulators once to stop (a second SIGINT would make firebase-tools skip the export).
      detached: true,
      env: { ...process.env, ...firestoreEmulatorEnv(), FUNCTIONS_DISCOVERY_TIMEOUT: '120' },
    },
  );
}

/** Echoes the emulators' output and resolves once they report that all of them are ready. */
function allEmulatorsReady(emulators: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = '';
    emulators.stdout?.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      if (seen !== 'ready') {
        seen = (seen + chunk.toString()).slice(-4096);
        if (seen.includes('All emulators ready')) {
          seen = 'ready';
          resolve();
        }
      }
    });
    emulators.once('exit', () => reject(new Error('The emulators did not start.')));
  });
}

/**
 * Signals every child. `wholeGroups`: each child's whole process group (SIGKILL reaches only
 * the process it is sent to, and the Stripe double runs under a tsx wrapper).
 */
function stopAll(signal: NodeJS.Signals, { wholeGroups = false } = {}): void {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the emulators and saving state to emulators/data/ …');
  // The firebase CLI alone gets the signal: it exports state, then stops its emulators.
  for (const [child, target] of children) {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(target === 'group' || wholeGroups ? -child.pid : child.pid, signal);
      } catch {
        // Already gone.
      }
    }
  }
}

function printBanner(): void {
  const { customer, admin } = DEMO_USERS;
  console.log(`
┌──────────────────────────────────────────────────────────────┐
  RaffleWin is running on the local emulators

  Shop:   ${URLS.shop}
  Inbox:  ${URLS.inbox}   (every e-mail the shop sends)
  Stripe: ${URLS.stripe}  (local Stripe double: payments and webhook log)
          pay with 4242 4242 4242 4242, any future expiry and any CVC

  Customer:       ${customer.email}  /  ${customer.password}
  Administrator:  ${admin.email}  /  ${admin.password}

  Ctrl-C stops everything; data is kept in emulators/data*/.
└──────────────────────────────────────────────────────────────┘
`);
}

async function main(): Promise<void> {
  const busy = await busyPorts();
  if (busy.length > 0) {
    console.error(portsInUse(busy));
    process.exitCode = 1;
    return;
  }
  const build = !process.argv.includes('--no-build');
  // The emulators need the functions bundle; the web app builds while they start (the Hosting
  // emulator serves web/dist from disk, so it only has to be there before the first visit).
  if (build) {
    progress('Building the functions …');
    run('node', ['build.mjs'], join(ROOT, 'functions'));
  }
  mkdirSync(DATA_DIR, { recursive: true });
  progress(
    build ? 'Starting the emulators and building the web app …' : 'Starting the emulators …',
  );
  const webBuilt = build ? buildWeb() : Promise.resolve();

  // Each child is tracked as soon as it exists, so a failure further on (the double not
  // answering, the Firestore shim not building) or Ctrl-C stops those already started. Before
  // the emulators start there is no state to save, so Ctrl-C then ends everything at once
  // (MailDev asked to stop while it starts waits for servers that never listen, and stays).
  let emulators: ChildProcess | null = null;
  const onSignal = () => {
    if (emulators) return stopAll('SIGINT');
    // MailDev and the double run in process groups of their own (detached).
    stopAll('SIGKILL', { wholeGroups: true });
    process.exit(130);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  children.push([startMailDev(), 'group']);
  // Its own process group too: it keeps its payments in emulators/data-stripe/ when stopped.
  mkdirSync(dirname(STRIPE_STATE_FILE), { recursive: true });
  children.push([spawnStripeDouble({ stateFile: STRIPE_STATE_FILE, detached: true }), 'process']);
  await waitForHttp(URLS.stripe, 30_000);
  emulators = startEmulators();
  children.push([emulators, 'process']);
  emulators.on('exit', (code) => {
    if (!stopping) console.error(`The emulators stopped unexpectedly (exit ${code}).`);
    stopAll('SIGTERM');
    process.exitCode = stopping ? 0 : 1;
  });

  await allEmulatorsReady(emulators);
  progress('Emulators ready.');
  useEmulatorsInThisProcess();
  const app = initializeApp({ projectId: PROJECT_ID });
  const db = getFirestore(app);
  const auth = getAuth(app);
  if (!(await isSeeded(db))) {
    progress('First start: seeding the demo data …');
    await seedDemoData(db, auth);
    progress('Demo data seeded.');
  } else {
    // Data kept from an earlier version: raffles get the console's search entries they lack.
    await indexUnsearchedRaffles(db);
  }
  if (build) await webBuilt;
  progress('The shop is ready.');
  printBanner();
  startLocalScheduler(db, auth);
}

/**
 * The emulator does not fire scheduled functions, so this process stands in for Cloud
 * Scheduler: every minute it runs what `expireCheckoutReservations`, `runScheduledDraws`,
 * `notifySavedRafflesEndingSoon` and `redeliverMail` run in production (the same services), so
 * unpaid checkouts expire, free claims that stopped part-way and account deletions that had to
 * wait are finished, raffles close and are drawn while you watch, saved ones send their "ending
 * soon" notice, and e-mails left queued by the last stop are sent.
 */
function startLocalScheduler(db: Firestore, auth: Auth): void {
  // The services run here as in the functions: with the functions' configuration (SITE_URL
  // for the links in the draw's e-mails), unless this process was given its own.
  for (const [key, value] of Object.entries(functionsEnv({ withLocal: true }))) {
    process.env[key] ??= value;
  }
  // This process stands in for the emulated functions: their Stripe client goes to the local
  // double only under the emulators (apiLocation), so an expired checkout's page is closed on
  // the double, not sent to api.stripe.com with the double's key.
  process.env.FUNCTIONS_EMULATOR ??= 'true';
  let running = false;
  const tick = async () => {
    if (running || stopping) return;
    running = true;
    try {
      await expireReservations(db);
      await resumeStalledFreeClaims(db);
      await finishPendingDeletions(db, auth);
      await notifySavedRafflesEndingSoon(db);
      const { drawn } = await runDueDraws(db, auth);
      for (const raffleId of drawn) console.log(`Drawn: ${URLS.shop}/draws/${raffleId}`);
      // E-mails queued when the emulators last stopped, or that MailDev refused.
      const resent = await redeliverMail(db);
      if (resent > 0) console.log(`E-mails sent again from the outbox: ${resent}`);
    } catch (error) {
      console.error('Local scheduler:', error);
    } finally {
      running = false;
    }
  };
  void tick();
  setInterval(() => void tick(), 60_000).unref();
}

main().catch((error: unknown) => {
  console.error(error);
  stopAll('SIGINT');
  process.exitCode = 1;
});
