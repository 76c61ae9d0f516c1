import { SITE_SETTINGS_PATH } from '@rafflewin/domain';
import type { Browser, Page } from 'playwright-core';
import { DEMO_USERS } from '../../emulators/config';
import { seedDemoData } from '../../emulators/seed/seed';
import { adminAuth, adminDb } from '../support/admin';
import { SHOP_URL, launchBrowser, newShopPage, signIn } from '../support/browser';

jest.setTimeout(120_000);

let browser: Browser;
let page: Page;

beforeAll(async () => {
  await seedDemoData(adminDb, adminAuth);
  browser = await launchBrowser();
});

afterAll(async () => {
  await adminDb.doc(SITE_SETTINGS_PATH).update({ maintenanceMode: false });
  await browser?.close();
});

beforeEach(async () => {
  page = await newShopPage(browser);
});

afterEach(async () => {
  await page.close();
});

describe('site states', () => {
  it('shows the maintenance screen to everyone but administrators', async () => {
    await page.goto(SHOP_URL);
    await page.getByTestId('raffle-card').first().waitFor();
    await adminDb.doc(SITE_SETTINGS_PATH).update({ maintenanceMode: true });
    // Live: the open page switches without a reload.
    await page.getByRole('heading', { name: 'Site Maintenance' }).waitFor();
    await page
      .getByText("We're currently performing scheduled maintenance. Please check back soon!")
      .waitFor();
    expect(await page.getByTestId('raffle-card').count()).toBe(0);

    await page.goto(`${SHOP_URL}/competitions`);
    await page.getByRole('heading', { name: 'Site Maintenance' }).waitFor();
    await page.getByRole('link', { name: 'Admin Login' }).click();
    await page.waitForURL(/\/auth\?admin=true$/);
    await page.getByText(/only administrators can enter/).waitFor();

    const { admin } = DEMO_USERS;
    await signIn(page, admin.email, admin.password);
    await page.goto(`${SHOP_URL}/competitions`);
    await page.getByTestId('raffle-card').first().waitFor();

    await adminDb.doc(SITE_SETTINGS_PATH).update({ maintenanceMode: false });
  });

  it('shows the offline screen without a connection and recovers', async () => {
    await page.goto(`${SHOP_URL}/about`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.context().setOffline(true);
    await page.getByRole('heading', { name: "You're Offline" }).waitFor();
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    await page.context().setOffline(false);
    await page.getByRole('heading', { name: "You're Offline" }).waitFor({ state: 'detached' });
  });
});
