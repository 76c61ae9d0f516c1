/**
 * `npm test` after lint and typecheck: builds the functions and the web app, starts MailDev,
 * then runs every Jest project inside `firebase emulators:exec` (fresh Auth, Firestore,
 * Functions and Hosting emulators, torn down afterwards). Extra arguments go to Jest, e.g.
 * `npm test -- --selectProjects domain`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import {
  HOST,
  PORTS,
  PROJECT_ID,
  ROOT,
  bin,
  firestoreEmulatorEnv,
  waitForHttp,
} from '../emulators/config';

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
      .once('error', () => resolve(false))
      .once('listening', () => server.close(() => resolve(true)))
      .listen(port, HOST);
  });
}

async function main(): Promise<number> {
  const busy: number[] = [];
  for (const port of Object.values(PORTS)) {
    if (!(await portIsFree(port))) busy.push(port);
  }
  if (busy.length > 0) {
    console.error(
      `Ports ${busy.join(', ')} are in use. Stop \`npm start\` (or whatever holds them) first.`,
    );
    return 1;
  }

  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) return build.status ?? 1;

  const mail = spawn(
    bin('maildev'),
    ['--ip', HOST, '--smtp', String(PORTS.smtp), '--web', String(PORTS.mailWeb)],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  try {
    await waitForHttp(`http://${HOST}:${PORTS.mailWeb}`, 30_000);
    const jestArgs = process.argv.slice(2).map((arg) => JSON.stringify(arg));
    // One test file at a time: the suites share one set of emulators, and some (maintenance
    // mode, empty listings) change site-wide state for a moment.
    // --forceExit: a browser left open by a failed test must not keep the run (and the
    // emulators) alive after the last test.
    const jestCommand = (...args: string[]) =>
      ['npx', 'jest', '--ci', '--maxWorkers=1', '--forceExit', ...args].join(' ');
    // The rules suites use projects of their own (demo-rules-*), so with no arguments they run
    // beside the shared-state suites, in a second Jest process: the whole run stays well under
    // 15 minutes. Either process failing fails the run.
    const jest =
      jestArgs.length > 0
        ? jestCommand(...jestArgs)
        : `${jestCommand('--selectProjects', 'rules', 'domain', 'budgets')} & side=$!; ` +
          `${jestCommand('--selectProjects', 'functions', 'e2e')}; main=$?; ` +
          'wait $side; side=$?; [ $main -eq 0 ] && [ $side -eq 0 ]';
    const exec = spawnSync(
      bin('firebase'),
      [
        'emulators:exec',
        '--project',
        PROJECT_ID,
        '--only',
        'auth,firestore,functions,hosting',
        jest,
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
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
