/**
 * Runs inside `firebase emulators:exec` for `npm test`: the Jest projects in two lanes at once,
 * or, given arguments, one Jest run with them. Writes each step's time to
 * tests/.artifacts/lanes.json for the stage table.
 *
 * - lane 1: `domain`, `budgets`, `rules` and `functions` on both cores (each file has a project
 *   of its own), then `http` (the served project, one file at a time), then the browser files
 *   that keep to accounts and raffles of their own (`SELF_CONTAINED`);
 * - lane 2: the other browser files, one at a time;
 * - last, once both lanes are done: the files that change the whole site for a moment
 *   (maintenance mode, registration closed, guest views off, the shop renamed: `SITE_WIDE`), so
 *   no other suite meets that moment.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT, bin } from '../../emulators/config';
import { StageTimer } from './stages';

/**
 * Test files (browser and HTTP) that change the whole served site for a moment (maintenance
 * mode, registration closed, guest views off, every raffle off, the shop renamed): every other
 * suite would be refused or misled meanwhile.
 */
const SITE_WIDE = '(siteStates|adminSettings)\\.';

/**
 * Browser files that neither re-seed the demo data nor use the demo accounts: they can run
 * beside the other browser files (and so use the second core once the in-process suites end).
 */
const SELF_CONTAINED =
  '/(accountPages|contact|notifications|routeErrors|stripePayments|support)\\.spec';

// --forceExit: a browser left open by a failed test must not keep the run (and the emulators)
// alive after the last test.
const jest = (...args: string[]) =>
  [bin('jest'), '--ci', '--forceExit', ...args.map(shellWord)].join(' ');

/** An argument as one shell word (the path patterns hold `|` and brackets). */
const shellWord = (arg: string) =>
  /^[\w./,-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`;

/** Runs one Jest step of a lane; true when it passed. */
const step = (timer: StageTimer, name: string, args: string[], live = false) =>
  timer.parallel([{ name, command: jest(...args), live }]);

/** Lane 1: the in-process suites on both cores, the HTTP suites, the self-contained browser files. */
async function laneOne(timer: StageTimer): Promise<boolean> {
  const inProcess = ['--selectProjects', 'domain', 'budgets', 'rules', 'functions', '-w', '2'];
  if (!(await step(timer, 'domain, budgets, rules, functions', inProcess))) return false;
  const served = ['-w', '1', '--testPathIgnorePatterns', SITE_WIDE];
  if (!(await step(timer, 'http', ['--selectProjects', 'http', ...served]))) return false;
  return step(timer, 'e2e (self-contained)', [
    '--selectProjects',
    'e2e',
    ...served,
    '--testPathPatterns',
    SELF_CONTAINED,
  ]);
}

/** Lane 2: the other browser files; then, once lane 1 is done too, the site-wide files. */
async function laneTwo(timer: StageTimer, one: Promise<boolean>): Promise<boolean> {
  const e2e = ['--selectProjects', 'e2e', '-w', '1'];
  const ignored = ['--testPathIgnorePatterns', SITE_WIDE, SELF_CONTAINED];
  const shared = await step(timer, 'e2e', [...e2e, ...ignored], true);
  const others = await one;
  const siteWide = await step(
    timer,
    'site-wide (e2e, http)',
    ['--selectProjects', 'e2e', 'http', '-w', '1', '--testPathPatterns', SITE_WIDE],
    true,
  );
  return shared && others && siteWide;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const timer = new StageTimer();
  const ok =
    args.length > 0 ? await step(timer, 'jest', args, true) : await laneTwo(timer, laneOne(timer));
  const report = join(ROOT, 'tests', '.artifacts', 'lanes.json');
  mkdirSync(dirname(report), { recursive: true });
  writeFileSync(report, JSON.stringify(timer.timings));
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
