/** Global setup of the browser tests: the emulators must be up, and one Chromium starts. */
import requireEmulators from '../requireEmulators';
import startBrowserServer from './browserServer';

export default async function e2eSetup(): Promise<void> {
  requireEmulators();
  await startBrowserServer();
}
