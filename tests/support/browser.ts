/** Debian Chromium driven by Playwright (its own browser download cannot work here). */
import { STORAGE_KEYS } from '@rafflewin/domain';
import { chromium, type Browser, type Page } from 'playwright-core';
import { URLS } from '../../emulators/config';

export const SHOP_URL = URLS.shop;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * A page as a returning visitor who has already made their cookie choice (so the banner does
 * not cover the page); pass `cookieChoiceMade: false` to meet the banner.
 */
export async function newShopPage(
  browser: Browser,
  viewport = { width: 1280, height: 900 },
  { cookieChoiceMade = true } = {},
): Promise<Page> {
  const page = await browser.newPage({ viewport });
  if (cookieChoiceMade) {
    await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
      STORAGE_KEYS.cookiePreferences,
      JSON.stringify({ necessary: true, analytics: false, marketing: false }),
    ] as const);
  }
  return page;
}
