// All Jest projects. The emulator suites expect `npm test` (tests/run.ts) to have started the
// emulators; run alone, they fail loudly instead of skipping.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2022',
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];

const base = {
  rootDir: __dirname,
  transform: { '^.+\\.(t|j)sx?$': swc },
  // otplib's base32 and crypto dependencies ship only as ES modules: compile them too.
  transformIgnorePatterns: ['/node_modules/(?!(@scure|@noble)/)'],
  testEnvironment: 'node',
};

const emulatorSuite = {
  ...base,
  globalSetup: '<rootDir>/tests/support/requireEmulators.ts',
};

/**
 * Suites that talk to the emulators from the test process. Setting a rules suite up loads its
 * rules into the emulator, and each test clears and seeds its data: on this 2-core machine, with
 * the browser lane running beside them, that has taken longer than Jest's default 5 s (a whole
 * rules file failed in CI so). Their tests and hooks get 30 s from a set-up file: Jest reads
 * `testTimeout` from the top-level configuration only, never from a project's.
 */
const inProcessSuite = {
  ...emulatorSuite,
  setupFilesAfterEnv: ['<rootDir>/tests/support/jest/inProcessTimeout.ts'],
};

module.exports = {
  projects: [
    { ...base, displayName: 'domain', testMatch: ['<rootDir>/domain/src/**/*.test.ts'] },
    // The test tooling's own logic (the end-of-run summary, the emulators' dotenv reader),
    // without the emulators.
    { ...base, displayName: 'tooling', testMatch: ['<rootDir>/tests/tooling/**/*.test.ts'] },
    // Reads the web build that tests/run.ts makes first.
    { ...base, displayName: 'budgets', testMatch: ['<rootDir>/tests/budgets/**/*.test.ts'] },
    // Each rules suite uses a project of its own.
    { ...inProcessSuite, displayName: 'rules', testMatch: ['<rootDir>/tests/rules/**/*.test.ts'] },
    // The functions run inside the test process, in a project per test file.
    {
      ...inProcessSuite,
      displayName: 'functions',
      testMatch: ['<rootDir>/tests/functions/**/*.test.ts'],
      testEnvironment: '<rootDir>/tests/support/jest/projectEnvironment.ts',
      setupFilesAfterEnv: [
        ...inProcessSuite.setupFilesAfterEnv,
        '<rootDir>/tests/support/jest/inProcessSetup.ts',
      ],
    },
    // Over HTTP, against the project the emulators serve: the callable protocol, ID tokens,
    // the Auth REST API, webhooks and the triggers as the emulator fires them.
    {
      ...emulatorSuite,
      displayName: 'http',
      testMatch: ['<rootDir>/tests/http/**/*.test.ts'],
      setupFiles: ['<rootDir>/tests/support/jest/emulatedFunctionsEnv.ts'],
      setupFilesAfterEnv: ['<rootDir>/tests/support/jest/retryOnce.ts'],
    },
    // In Chromium (one for the whole run), against the built shop the Hosting emulator serves.
    {
      ...base,
      displayName: 'e2e',
      testMatch: ['<rootDir>/tests/e2e/**/*.spec.ts'],
      testEnvironment: '<rootDir>/tests/support/jest/e2eEnvironment.ts',
      globalSetup: '<rootDir>/tests/support/jest/e2eSetup.ts',
      setupFiles: ['<rootDir>/tests/support/jest/emulatedFunctionsEnv.ts'],
      setupFilesAfterEnv: [
        '<rootDir>/tests/support/jest/retryOnce.ts',
        '<rootDir>/tests/support/jest/e2eGuards.ts',
      ],
      globalTeardown: '<rootDir>/tests/support/jest/browserServerStop.ts',
    },
  ],
};
