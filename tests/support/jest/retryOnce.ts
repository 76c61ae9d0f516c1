/**
 * The suites that share the served project (tests/http, tests/e2e) run a failed test once more.
 * Beside them the other lane keeps both cores and the emulators busy, and a moment of that load
 * has made a wait time out that passes on its own (a browser waiting 30 s for a Firestore
 * answer, an e-mail queued behind other suites' triggers for a minute). The first failure's
 * errors are logged, and the run's summary lists every test that needed its second try
 * (tests/support/stages.ts), so a flaky test is seen, not hidden.
 */
jest.retryTimes(1, { logErrorsBeforeRetry: true });
