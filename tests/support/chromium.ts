/**
 * The Chromium the browser tests and benchmarks drive. Playwright's own browser download
 * cannot work here, so: CHROMIUM_PATH when set, else a system Chromium (Debian's `chromium`),
 * else the Chromium that the npm package @sparticuz/chromium ships inside itself (unpacked to
 * the temp folder on first use), so `npm test` needs nothing installed by hand.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';

/** The flags every launch uses: no sandbox (root in CI), no GPU, no calls home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function systemChromium(): string | null {
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (existsSync(candidate)) return candidate;
  }
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/**
 * The packaged Chromium, unpacked. The package is an ES module, which Jest's CommonJS test
 * files cannot load, so a child Node process asks it.
 */
function packagedChromium(): string {
  const script =
    "import('@sparticuz/chromium').then((m) => m.default.executablePath())" +
    '.then((path) => process.stdout.write(path))';
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', cwd: __dirname });
}

/** The path of the Chromium to launch (unpacking the packaged one if it comes to that). */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || systemChromium() || packagedChromium();
}

/**
 * Cuts a context's connection and waits until its service workers see it gone too: the shop's
 * worker serves the offline page only when its `navigator.onLine` says so, and Chromium tells
 * the workers a moment after the pages (a page loaded meanwhile gets the app shell, whose own
 * offline screen says the same).
 */
export async function goOffline(context: BrowserContext, timeoutMs = 10_000): Promise<void> {
  await context.setOffline(true);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const online = await Promise.all(
      context.serviceWorkers().map((worker) => worker.evaluate(() => navigator.onLine)),
    );
    if (!online.includes(true)) return;
    if (Date.now() > deadline) throw new Error('The service worker still sees a connection');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
