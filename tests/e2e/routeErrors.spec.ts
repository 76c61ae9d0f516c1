/**
 * The router's error boundary as a visitor meets it: a page whose code cannot be loaded (a
 * release replaced it, the network dropped) shows a message with a way out under the
 * navigation, not a blank app.
 */
import type { Browser } from 'playwright-core';
import {
  SHOP_URL,
  launchBrowser,
  newShopPage,
  allowBrowserErrors,
  CUT_NETWORK,
} from '../support/browser';

jest.setTimeout(120_000);

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('a page that fails', () => {
  it('shows "Something went wrong" with reload and home, the navigation still there', async () => {
    const page = await newShopPage(browser);
    try {
      // The terms page's code (its own chunk) cannot be fetched.
      // The chunk cannot be fetched: the browser, the router and the error boundary say so.
      allowBrowserErrors(CUT_NETWORK, /Failed to fetch dynamically imported module/);
      await page.route(/\/assets\/static-[^/]*\.js$/, (route) => route.abort());
      await page.goto(`${SHOP_URL}/terms`);
      await page.getByRole('heading', { name: 'Something went wrong', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Reload the page' }).waitFor();
      await page.getByRole('link', { name: 'Back to the home page' }).waitFor();
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Winners' })
        .waitFor();

      // Once the code can be fetched again, reloading shows the page.
      await page.unroute(/\/assets\/static-[^/]*\.js$/);
      await page.getByRole('button', { name: 'Reload the page' }).click();
      await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    } finally {
      await page.close();
    }
  });
});
