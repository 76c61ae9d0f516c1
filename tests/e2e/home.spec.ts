import type { Browser, Page } from 'playwright-core';
import { seedDemoData } from '../../emulators/seed/seed';
import { adminAuth, adminDb } from '../support/admin';
import { SHOP_URL, launchBrowser } from '../support/browser';

jest.setTimeout(90_000);

let browser: Browser;
let page: Page;

beforeAll(async () => {
  await seedDemoData(adminDb, adminAuth);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
});

afterEach(async () => {
  await page.close();
});

describe('home page', () => {
  it('lists the live seeded raffles from Firestore with countdowns', async () => {
    await page.goto(SHOP_URL);
    const cards = page.getByTestId('raffle-card');
    await cards.first().waitFor();

    const names = await page.locator('[data-testid="raffle-card"] h3').allTextContents();
    expect(names).toEqual(
      expect.arrayContaining([
        '£10,000 Tax-Free Cash',
        'Dream Car: BMW M4 Competition',
        'iPhone 17 Pro Max 512GB',
        'PlayStation 5 Pro Bundle',
      ]),
    );
    // Ended and not-yet-started raffles are not live.
    expect(names).not.toContain('Luxury Spa Break for Two');
    expect(names).not.toContain('£2,000 Summer Cash');

    const flash = cards.filter({ hasText: '£500 Weekend Cash Drop' });
    await expect(flash.getByTestId('countdown').getAttribute('data-tone')).resolves.toBe('red');
    expect(await flash.getByTestId('countdown').textContent()).toMatch(/^\d+m \d+s left$/);

    const soldOut = cards.filter({ hasText: 'PlayStation 5 Pro Bundle' });
    expect(await soldOut.getByRole('button', { name: 'Sold Out' }).isDisabled()).toBe(true);
    // A guest is asked to sign in before entering.
    const live = cards.filter({ hasText: 'MacBook Air M4' });
    await live.getByRole('button', { name: 'Login to Enter' }).click();
    await page.waitForURL(/\/auth\?redirect=%2F$/);
  });

  it('shows the navigation bar and footer', async () => {
    await page.goto(SHOP_URL);
    await page.getByRole('button', { name: 'Competitions' }).click();
    await page.getByRole('menuitem', { name: 'Cars & Vehicles' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Login' }).waitFor();
    await page.getByRole('link', { name: 'Terms of Use' }).waitFor();
    // Social links that are still the placeholder '#' are disabled.
    expect(await page.getByRole('button', { name: 'X (not available)' }).isDisabled()).toBe(true);
  });
});
