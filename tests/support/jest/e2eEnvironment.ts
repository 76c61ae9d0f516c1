/**
 * The browser tests' environment: Node's, marking on the test file's globals whether the
 * current test has failed, so tests/support/jest/e2eGuards.ts can report what the pages
 * showed (a timed-out wait alone says only what it waited for).
 */
import { TestEnvironment } from 'jest-environment-node';
import type { Circus } from '@jest/types';
import { TEST_FAILED } from './testFailed';

export default class E2eEnvironment extends TestEnvironment {
  handleTestEvent(event: Circus.Event): void {
    if (event.name === 'test_start') this.global[TEST_FAILED] = false;
    if (event.name === 'test_fn_failure') this.global[TEST_FAILED] = true;
  }
}
