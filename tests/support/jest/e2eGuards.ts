/**
 * Every browser test also fails when its browser reported a problem: a console error, an
 * uncaught page error, or a message shown with a status code ("[400]") in it. A test that
 * failed (e2eEnvironment.ts marks it) also reports what its open pages showed, as an error of
 * its own, so the run's summary (tests/support/stages.ts) repeats it.
 */
import { openPagesText, takeBrowserProblems } from '../browser';
import { TEST_FAILED } from './testFailed';

beforeEach(() => {
  takeBrowserProblems();
});

afterEach(async () => {
  const failed = (globalThis as Record<string, unknown>)[TEST_FAILED] === true;
  const shown = failed ? await openPagesText() : [];
  const problems = takeBrowserProblems();
  const report = [
    ...(problems.length > 0 ? [`The browser reported ${problems.length} problem(s):`] : []),
    ...problems,
    ...shown,
  ];
  if (report.length > 0) throw new Error(report.join('\n'));
});
