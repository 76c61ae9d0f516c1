/**
 * Global setup of the browser tests: one Chromium for the whole run (every test file connects
 * to it and opens its own contexts), instead of one per file.
 */
import { chromium, type BrowserServer } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../chromium';

export const BROWSER_ENDPOINT_ENV = 'E2E_BROWSER_ENDPOINT';

declare global {
  var e2eBrowserServer: BrowserServer | undefined;
}

export default async function startBrowserServer(): Promise<void> {
  const server = await chromium.launchServer({
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
  });
  globalThis.e2eBrowserServer = server;
  // Test workers start after global setup and inherit this.
  process.env[BROWSER_ENDPOINT_ENV] = server.wsEndpoint();
}
