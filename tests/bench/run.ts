/**
 * `npm run bench`: builds the functions and the web app, starts MailDev and fresh emulators
 * (as `npm test` does), and runs the benchmarks (suite.ts) inside them. Arguments go to the
 * suite: benchmark names to run only those, `--repeats N`.
 */
import { exitWith, runWithEmulators } from '../support/emulatorRun';

const args = process.argv.slice(2).map((arg) => JSON.stringify(arg));
exitWith(
  runWithEmulators(['npx', 'tsx', 'tests/bench/suite.ts', ...args].join(' '), { build: true }),
);
