/** The global the browser tests' environment sets when the current test has failed. */
export const TEST_FAILED = '__e2eTestFailed';
