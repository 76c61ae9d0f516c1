/**
 * The end of `npm test`'s log (tests/support/stages.ts): what failed and what needed a second
 * try, each with the first lines of its error and a browser test's report, and the slowest test
 * files, from Jest's output.
 */
import { StageTimer, failedTests, fileTimes, formatSeconds, retriedTests } from '../support/stages';

const ESC = '\x1b';

/** Jest's output for a browser test that failed at both tries (shortened, with its colours). */
const OUTPUT = [
  `${ESC}[1mPASS${ESC}[22m e2e tests/e2e/home.spec.ts`,
  ` ${ESC}[7m LOGGING RETRY ERRORS ${ESC}[27m ${ESC}[1mcart › opens checkout${ESC}[22m`,
  ' RETRY 1 ',
  '',
  '    locator.click: Timeout 30000ms exceeded.',
  '    Call log:',
  `      ${ESC}[2m- waiting for getByRole('link', { name: 'Proceed to Checkout' })${ESC}[22m`,
  '',
  '      12 |     await page.goto(url);',
  '    > 13 |     await proceed.click();',
  '      at Object.click (tests/e2e/cart.spec.ts:13:19)',
  '',
  ' RETRY 2 ',
  '',
  '    Open page http://127.0.0.1:5000/cart: Shopping Cart | 1 ticket',
  '    console warning on http://127.0.0.1:5000/cart: Firestore: Could not reach backend',
  '      at Object.<anonymous> (tests/support/jest/e2eGuards.ts:23:32)',
  '',
  `${ESC}[1mFAIL${ESC}[22m e2e tests/e2e/cart.spec.ts (70.5 s)`,
  '  ● cart › opens checkout',
  '',
  '    locator.click: Timeout 30000ms exceeded.',
  '    Call log:',
  "      - waiting for getByRole('link', { name: 'Proceed to Checkout' })",
  '      at Object.click (tests/e2e/cart.spec.ts:13:19)',
  '',
  '  ● cart › opens checkout',
  '',
  '    Open page http://127.0.0.1:5000/cart: Shopping Cart | 1 ticket | 10s left',
  '      at Object.<anonymous> (tests/support/jest/e2eGuards.ts:23:32)',
  '',
  'Summary of all failing tests',
  `${ESC}[1mFAIL${ESC}[22m e2e tests/e2e/cart.spec.ts (70.5 s)`,
  '  ● cart › opens checkout',
  '',
  '    locator.click: Timeout 30000ms exceeded.',
  '',
  '  ● cart › opens checkout',
  '',
  '    Open page http://127.0.0.1:5000/cart: Shopping Cart | 1 ticket | 9s left',
].join('\n');

const REASON = [
  '    locator.click: Timeout 30000ms exceeded.',
  "    - waiting for getByRole('link', { name: 'Proceed to Checkout' })",
];

describe('the end of the log', () => {
  it('names each failed file once, and each failed test once with its error and what its page showed', () => {
    expect(failedTests(OUTPUT)).toEqual([
      'FAIL tests/e2e/cart.spec.ts',
      [
        '● cart › opens checkout',
        ...REASON,
        // One line per page, as the test last saw it.
        '    Open page http://127.0.0.1:5000/cart: Shopping Cart | 1 ticket | 9s left',
      ].join('\n'),
    ]);
  });

  it('names each test that needed a second try, with what its first try’s errors said', () => {
    expect(retriedTests(OUTPUT)).toEqual([
      [
        'cart › opens checkout',
        ...REASON,
        '    Open page http://127.0.0.1:5000/cart: Shopping Cart | 1 ticket',
        '    console warning on http://127.0.0.1:5000/cart: Firestore: Could not reach backend',
      ].join('\n'),
    ]);
  });

  it('names nothing in a run where every test passed at its first try', () => {
    const passed = `${ESC}[1mPASS${ESC}[22m e2e tests/e2e/home.spec.ts\nTests: 3 passed, 3 total`;
    expect(failedTests(passed)).toEqual([]);
    expect(retriedTests(passed)).toEqual([]);
  });

  it('times each file Jest timed, once each, and names the slowest after the stage table', () => {
    const files = fileTimes(`${OUTPUT}\nPASS functions tests/functions/draws.test.ts (35.068 s)`);
    expect(files).toEqual([
      { file: 'tests/e2e/cart.spec.ts', seconds: 70.5 },
      { file: 'tests/functions/draws.test.ts', seconds: 35.068 },
    ]);
    const report = new StageTimer().report([], [], [], files).split('\n');
    const slowest = report.indexOf('Slowest test files:');
    expect(slowest).toBeGreaterThan(0);
    expect(report.slice(slowest + 1).map((line) => line.trim().split(/\s+/))).toEqual([
      ['tests/e2e/cart.spec.ts', '1m11s'],
      ['tests/functions/draws.test.ts', '35s'],
    ]);
  });
});

describe('a time as the log prints it', () => {
  it('rounds to whole seconds before it counts the minutes', () => {
    expect([179.6, 59.6, 59.4, 61, 3600].map(formatSeconds)).toEqual([
      '3m00s',
      '1m00s',
      '59s',
      '1m01s',
      '60m00s',
    ]);
  });
});
