/** Starts the Stripe double as a child process and waits until it answers. */
import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT, URLS, bin, waitForHttp } from '../config';

export interface StripeDoubleOptions {
  stateFile?: string;
  detached?: boolean;
}

/** Spawns the double without waiting (`npm start` tracks it at once, to stop it on a failure). */
export function spawnStripeDouble({ stateFile, detached = false }: StripeDoubleOptions = {}) {
  return spawn(
    bin('tsx'),
    ['emulators/stripe/run.ts', ...(stateFile ? ['--state', stateFile] : [])],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      detached,
    },
  );
}

export async function startStripeDouble(options: StripeDoubleOptions = {}): Promise<ChildProcess> {
  const child = spawnStripeDouble(options);
  await waitForHttp(URLS.stripe, 30_000);
  return child;
}
