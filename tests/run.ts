/**
 * `npm test` after lint and typecheck: builds the functions and the web app, starts MailDev,
 * then runs every Jest project inside `firebase emulators:exec` (fresh Auth, Firestore,
 * Functions and Hosting emulators, torn down afterwards). Extra arguments go to Jest, e.g.
 * `npm test -- --selectProjects domain`.
 */
import { exitWith, runWithEmulators } from './support/emulatorRun';

const jestArgs = process.argv.slice(2).map((arg) => JSON.stringify(arg));
// One test file at a time: the suites share one set of emulators, and some (maintenance
// mode, empty listings) change site-wide state for a moment.
// --forceExit: a browser left open by a failed test must not keep the run (and the
// emulators) alive after the last test.
const jestCommand = (...args: string[]) =>
  ['npx', 'jest', '--ci', '--maxWorkers=1', '--forceExit', ...args].join(' ');
// The rules suites use projects of their own (demo-rules-*), so with no arguments they run
// beside the shared-state suites, in a second Jest process, keeping the whole run shorter.
// Either process failing fails the run.
const command =
  jestArgs.length > 0
    ? jestCommand(...jestArgs)
    : `${jestCommand('--selectProjects', 'rules', 'domain', 'budgets')} & side=$!; ` +
      `${jestCommand('--selectProjects', 'functions', 'e2e')}; main=$?; ` +
      'wait $side; side=$?; [ $main -eq 0 ] && [ $side -eq 0 ]';
exitWith(runWithEmulators(command));
