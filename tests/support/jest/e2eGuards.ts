/**
 * Every browser test also fails when its browser reported a problem: a console error, an
 * uncaught page error, or a message shown with a status code ("[400]") in it.
 */
import { takeBrowserProblems } from '../browser';

beforeEach(() => {
  takeBrowserProblems();
});

afterEach(() => {
  const problems = takeBrowserProblems();
  if (problems.length > 0) {
    throw new Error(`The browser reported ${problems.length} problem(s):\n${problems.join('\n')}`);
  }
});
