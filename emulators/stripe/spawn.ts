/** Starts the Stripe double as a child process and waits until it answers. */
import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT, URLS, bin, waitForHttp } from '../config';

export async function startStripeDouble({
  stateFile,
  detached = false,
}: { stateFile?: string; detached?: boolean } = {}): Promise<ChildProcess> {
  const child = spawn(
    bin('tsx'),
    ['emulators/stripe/run.ts', ...(stateFile ? ['--state', stateFile] : [])],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], detached },
  );
  await waitForHttp(URLS.stripe, 30_000);
  return child;
}
