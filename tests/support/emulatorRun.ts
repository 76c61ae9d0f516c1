/**
 * Runs a command against freshly started emulators, as `npm test` and `npm run bench` do:
 * starts MailDev and the Stripe double (emulators/stripe), then runs the command inside `firebase emulators:exec` (Auth, Firestore,
 * Functions and Hosting, torn down afterwards). The functions and the web app must be built.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  HOST,
  PORTS,
  PROJECT_ID,
  ROOT,
  bin,
  busyPorts,
  firestoreEmulatorEnv,
  portsInUse,
  waitForHttp,
} from '../../emulators/config';
import { startStripeDouble } from '../../emulators/stripe/spawn';

/**
 * Starts MailDev and the emulators (building first when asked), runs `command` and returns its
 * exit code.
 */
export async function runWithEmulators(command: string, { build = false } = {}): Promise<number> {
  const busy = await busyPorts();
  if (busy.length > 0) {
    console.error(portsInUse(busy));
    return 1;
  }

  if (build) {
    const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) return built.status ?? 1;
  }

  const mail = spawn(
    bin('maildev'),
    ['--ip', HOST, '--smtp', String(PORTS.smtp), '--web', String(PORTS.mailWeb)],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const stripe = await startStripeDouble();
  try {
    await waitForHttp(`http://${HOST}:${PORTS.mailWeb}`, 30_000);
    const exec = spawnSync(
      bin('firebase'),
      [
        'emulators:exec',
        '--project',
        PROJECT_ID,
        '--only',
        'auth,firestore,functions,hosting',
        command,
      ],
      {
        cwd: ROOT,
        stdio: 'inherit',
        env: {
          ...process.env,
          ...firestoreEmulatorEnv(),
          // Bursts start many function workers at once on two cores: give each time to load.
          FUNCTIONS_DISCOVERY_TIMEOUT: '120',
        },
      },
    );
    return exec.status ?? 1;
  } finally {
    mail.kill('SIGTERM');
    stripe.kill('SIGTERM');
  }
}

/** Ends the process with the promised exit code (or 1 after printing what was thrown). */
export function exitWith(code: Promise<number>): void {
  code.then(
    (status) => process.exit(status),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
