/**
 * Every browser test also fails when its browser reported a problem: a console error, an
 * uncaught page error, or a message shown with a status code ("[400]") in it. A test that
 * failed (e2eEnvironment.ts marks it) also reports what its open pages showed.
 */
import { openPagesText, takeBrowserProblems } from '../browser';
import { TEST_FAILED } from './testFailed';

beforeEach(() => {
  takeBrowserProblems();
});

afterEach(async () => {
  if ((globalThis as Record<string, unknown>)[TEST_FAILED] === true) {
    console.log(`What the open pages showed when the test failed:\n${await openPagesText()}`);
  }
  const problems = takeBrowserProblems();
  if (problems.length > 0) {
    throw new Error(`The browser reported ${problems.length} problem(s):\n${problems.join('\n')}`);
  }
});
