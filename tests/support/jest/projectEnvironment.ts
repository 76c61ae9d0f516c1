/**
 * The test environment of the in-process suites: each test file gets a Firebase project of its
 * own on the shared emulators (`demo-<file>`), so files run in parallel and none sees another's
 * maintenance mode, raffles or scheduled draws. The functions run inside the test process (the
 * services take `db`), configured as the emulator configures them (functions/.env.demo-*).
 */
import { TestEnvironment } from 'jest-environment-node';
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import { basename } from 'node:path';
import { functionsEnv } from '../../../emulators/config';

/** A project id for a test file: lower case, at most 30 characters, starting `demo-`. */
export function projectIdFor(testPath: string): string {
  const name = basename(testPath)
    .replace(/\.(test|spec)\.tsx?$/, '')
    .replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
    .replace(/[^a-z0-9-]/g, '-');
  return `demo-${name}`.slice(0, 30).replace(/-+$/, '');
}

export default class ProjectEnvironment extends TestEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    const env = this.global.process.env;
    Object.assign(env, functionsEnv());
    env.GCLOUD_PROJECT = projectIdFor(context.testPath);
    // A Stripe account of the file's own on the double: its events are kept, not delivered to
    // the emulated project's webhook (tests post them here, tests/support/stripeDouble.ts).
    env.STRIPE_SECRET_KEY = `sk_test_${env.GCLOUD_PROJECT}`;
    env.FUNCTIONS_IN_PROCESS = 'true';
    // As the Functions emulator sets it: Stripe's SDK may then talk to the local double.
    env.FUNCTIONS_EMULATOR = 'true';
    // No Google Cloud metadata server here: do not look for one.
    env.METADATA_SERVER_DETECTION = 'none';
  }
}
