/**
 * `npm test`: every check and every test, and how long each stage took.
 *
 * 1. checks, side by side: ESLint, Prettier and the TypeScript compiler (`tsc -b`, incremental);
 * 2. builds, side by side: the functions bundle and the web app;
 * 3. tests, inside `firebase emulators:exec` (fresh Auth, Firestore, Functions and Hosting
 *    emulators, torn down afterwards) with MailDev and the Stripe double beside them, in two
 *    lanes at once (tests/support/lanes.ts):
 *    - lane 1: `domain`, `tooling`, `budgets`, `rules` and `functions`, each test file in a
 *      project of its own (the functions run in-process), so their files run in parallel;
 *      then `http`, against the project the emulators serve;
 *    - lane 2: `e2e`, one file at a time in one shared browser;
 *    then the site-wide files (maintenance mode, registration closed, guest views off, a send to
 *    all, the shop renamed) alone.
 *
 * Arguments go to Jest and skip the checks, e.g. `npm test -- --selectProjects functions`.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, bin } from '../emulators/config';
import { runWithEmulators } from './support/emulatorRun';
import { StageTimer, type FileTime, type Timing } from './support/stages';

const LANES_REPORT = join(ROOT, 'tests', '.artifacts', 'lanes.json');

async function main(): Promise<number> {
  const jestArgs = process.argv.slice(2);
  const timer = new StageTimer();
  if (jestArgs.length === 0) {
    const checked = await timer.parallel([
      { name: 'lint', command: `${bin('eslint')} . --max-warnings=0` },
      { name: 'format', command: `${bin('prettier')} --check . --log-level warn` },
      { name: 'typecheck', command: `${bin('tsc')} -b` },
    ]);
    if (!checked) return finish(timer, 1);
  }
  const built = await timer.parallel([
    { name: 'build functions', command: 'cd functions && node build.mjs' },
    { name: 'build web', command: `${bin('vite')} build web --logLevel warn` },
  ]);
  if (!built) return finish(timer, 1);

  rmSync(LANES_REPORT, { force: true });
  const lanes = [bin('tsx'), 'tests/support/lanes.ts', ...jestArgs.map((a) => JSON.stringify(a))];
  const code = await timer.time(
    'emulators + tests',
    () => runWithEmulators(lanes.join(' ')),
    (status) => status === 0,
  );
  const report = lanesReport();
  return finish(timer, code, report);
}

interface LanesReport {
  timings: Timing[];
  failures: string[];
  retried: string[];
  files: FileTime[];
}

/**
 * The lanes' own step times (indented under the emulators' stage), what failed in them, what
 * passed at its second try and how long each timed test file took.
 */
function lanesReport(): LanesReport {
  try {
    const report = JSON.parse(readFileSync(LANES_REPORT, 'utf8')) as LanesReport;
    const timings = report.timings.map((timing) => ({ ...timing, name: `  ${timing.name}` }));
    return { ...report, timings };
  } catch {
    return { timings: [], failures: [], retried: [], files: [] };
  }
}

function finish(timer: StageTimer, code: number, lanes?: LanesReport) {
  console.log(`\n${timer.report(lanes?.timings, lanes?.failures, lanes?.retried, lanes?.files)}`);
  return code;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
