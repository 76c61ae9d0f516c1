/** Debian Chromium driven by Playwright (its own browser download cannot work here). */
import { chromium, type Browser } from 'playwright-core';
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
