/**
 * Which Firebase project a test file uses. The in-process suites (tests/functions) each have a
 * project of their own (set by tests/support/jest/projectEnvironment.ts) and run the functions
 * inside the test process; the suites that cross the HTTP boundary (tests/http, tests/e2e) use
 * the project the emulators serve, where the callables, triggers and the shop live.
 */
import { PROJECT_ID } from '../../emulators/config';

export const TEST_PROJECT_ID = process.env.GCLOUD_PROJECT ?? PROJECT_ID;

/** True in the in-process suites: callables and triggers run in this process. */
export const FUNCTIONS_IN_PROCESS = process.env.FUNCTIONS_IN_PROCESS === 'true';
