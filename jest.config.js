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

module.exports = {
  projects: [
    { ...base, displayName: 'domain', testMatch: ['<rootDir>/domain/src/**/*.test.ts'] },
    // Reads the web build that tests/run.ts makes first.
    { ...base, displayName: 'budgets', testMatch: ['<rootDir>/tests/budgets/**/*.test.ts'] },
    { ...emulatorSuite, displayName: 'rules', testMatch: ['<rootDir>/tests/rules/**/*.test.ts'] },
    {
      ...emulatorSuite,
      displayName: 'functions',
      testMatch: ['<rootDir>/tests/functions/**/*.test.ts'],
    },
    { ...emulatorSuite, displayName: 'e2e', testMatch: ['<rootDir>/tests/e2e/**/*.spec.ts'] },
  ],
};
