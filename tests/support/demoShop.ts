/**
 * A browser test file's shop: the demo data seeded (the demo administrator signs in to the
 * console) and a browser connected before the file's tests, closed after them. A raffle the file
 * makes the newest heads the shop's listings while the file runs; `switchOffAfter` switches it
 * off once the file is done, so no other file meets it.
 */
import { rafflePath } from '@rafflewin/domain';
import type { Browser, Page } from 'playwright-core';
import { seedDemoData } from '../../emulators/seed/seed';
import { adminAuth, adminDb } from './admin';
import { launchBrowser, newShopPage } from './browser';

export interface DemoShop {
  /** A page of the shop in the file's browser (see newShopPage). */
  newPage: (
    ...options: Parameters<typeof newShopPage> extends [Browser, ...infer R] ? R : never
  ) => Promise<Page>;
  /** Switches the raffle off after the file; answers its id. */
  switchOffAfter: (raffleId: string) => string;
}

export function demoShopForFile(): DemoShop {
  let browser: Browser | null = null;
  const newest: string[] = [];
  beforeAll(async () => {
    await seedDemoData(adminDb, adminAuth);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(newest.map((id) => adminDb.doc(rafflePath(id)).update({ active: false })));
    await browser?.close();
  });
  return {
    newPage: (...options) => {
      if (!browser) throw new Error('The browser starts before the file’s tests');
      return newShopPage(browser, ...options);
    },
    switchOffAfter: (raffleId) => {
      newest.push(raffleId);
      return raffleId;
    },
  };
}
