/** Global teardown of the browser tests: the shared Chromium goes. */
export default async function stopBrowserServer(): Promise<void> {
  await globalThis.e2eBrowserServer?.close();
}
