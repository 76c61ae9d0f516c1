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
exitWith(
  runWithEmulators(['npx', 'jest', '--ci', '--maxWorkers=1', '--forceExit', ...jestArgs].join(' ')),
);
