/**
 * Runs inside `firebase emulators:exec` for `npm test`: the Jest projects in two lanes at once,
 * or, given arguments, one Jest run with them. Writes each step's time to
 * tests/.artifacts/lanes.json for the stage table, with the names of any tests that failed.
 *
 * - lane 1: the in-process projects (IN_PROCESS) on both cores (each functions or rules file
 *   has a Firebase project of its own), then `http` (the served project, one file at a time);
 * - lane 2: the browser files, one at a time; the files that touch the whole site
 *   (`SITE_WIDE`: maintenance mode, registration closed, guest views off, a send to all, the
 *   shop renamed) wait until both lanes are done, so no other suite meets that moment.
 *
 * Browser files run one at a time: each reseeds the demo data and makes raffles the others
 * list, so two at once undo each other's changes, and running some in lane 1 once its own
 * suites are done would save about 2.5 minutes (two at once made each file 28% slower,
 * measured 2026-12-03; docs/testing.md).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT, bin } from '../../emulators/config';
import { StageTimer } from './stages';

/**
 * Test files (browser and HTTP) that touch the whole served site for a moment: maintenance
 * mode, registration closed, every raffle off (`siteStates`: every other suite would be refused
 * meanwhile), a send to all (`notifications.spec`: a notification, an e-mail and a push for
 * every account, whose triggers would hold up every other suite's for a minute), and the shop
 * renamed (`adminSettings.spec`: every e-mail's subject and the two-factor issuer name the
 * shop, which `http` suites wait for by name). They run after both lanes, alone.
 */
const SITE_WIDE = ['siteStates', 'e2e/notifications.spec', 'e2e/adminSettings.spec'];

// --forceExit: a browser left open by a failed test must not keep the run (and the emulators)
// alive after the last test.
const jest = (...args: string[]) => [bin('jest'), '--ci', '--forceExit', ...args].join(' ');

/** The projects run in-process, on both cores, first in lane 1. */
const IN_PROCESS = ['domain', 'tooling', 'budgets', 'rules', 'functions'];

/** Runs one Jest step of a lane; true when it passed. */
const step = (timer: StageTimer, name: string, args: string[], live = false) =>
  timer.parallel([{ name, command: jest(...args), live }]);

/** Lane 1: the in-process suites on both cores, then the HTTP suites. */
async function laneOne(timer: StageTimer): Promise<boolean> {
  const inProcess = ['--selectProjects', ...IN_PROCESS, '-w', '2'];
  if (!(await step(timer, IN_PROCESS.join(', '), inProcess))) return false;
  const http = ['--selectProjects', 'http', '-w', '1', '--testPathIgnorePatterns', ...SITE_WIDE];
  return step(timer, 'http', http);
}

/** Lane 2: the browser tests; then, once lane 1 is done too, the site-wide files. */
async function laneTwo(timer: StageTimer, one: Promise<boolean>): Promise<boolean> {
  const e2e = ['--selectProjects', 'e2e', '-w', '1'];
  const ignored = ['--testPathIgnorePatterns', ...SITE_WIDE];
  const shared = await step(timer, 'e2e', [...e2e, ...ignored], true);
  const others = await one;
  const siteWide = await step(
    timer,
    'site-wide states (e2e, http)',
    ['--selectProjects', 'e2e', 'http', '-w', '1', '--testPathPatterns', ...SITE_WIDE],
    true,
  );
  return shared && others && siteWide;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2).map((arg) => JSON.stringify(arg));
  const timer = new StageTimer();
  const ok =
    args.length > 0 ? await step(timer, 'jest', args, true) : await laneTwo(timer, laneOne(timer));
  const report = join(ROOT, 'tests', '.artifacts', 'lanes.json');
  mkdirSync(dirname(report), { recursive: true });
  writeFileSync(
    report,
    JSON.stringify({
      timings: timer.timings,
      failures: timer.failures,
      retried: timer.retried,
      files: timer.files,
    }),
  );
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
