import type { Browser, Page } from 'playwright-core';
import { seedDemoData } from '../../emulators/seed/seed';
import { adminAuth, adminDb } from '../support/admin';
import { SHOP_URL, launchBrowser, newShopPage } from '../support/browser';

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
  page = await newShopPage(browser, { width: 1280, height: 900 });
});

afterEach(async () => {
  await page.close();
});

describe('home page', () => {
  it('shows the live raffles from Firestore a page at a time, with countdowns', async () => {
    await page.goto(SHOP_URL);
    const strip = page.getByRole('group', { name: 'Live Competitions' });
    const cards = strip.getByTestId('raffle-card');
    await cards.first().waitFor();
    // Soonest ending first, three per view on a wide screen.
    expect(await strip.locator('[data-testid="raffle-card"] h3').allTextContents()).toEqual([
      '£500 Weekend Cash Drop',
      'iPhone 17 Pro Max 512GB',
      'PlayStation 5 Pro Bundle',
    ]);
    const flash = cards.filter({ hasText: '£500 Weekend Cash Drop' });
    await expect(flash.getByTestId('countdown').getAttribute('data-tone')).resolves.toBe('red');
    expect(await flash.getByTestId('countdown').textContent()).toMatch(/^\d+m \d+s left$/);
    const soldOut = cards.filter({ hasText: 'PlayStation 5 Pro Bundle' });
    expect(await soldOut.getByRole('button', { name: 'Sold Out' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Next competitions' }).click();
    await cards.filter({ hasText: 'Free £50 Shopping Voucher' }).waitFor();

    // Ending Soon: within seven days only.
    const endingSoon = page.getByRole('region', { name: 'Ending Soon' });
    await endingSoon.getByText('£10,000 Tax-Free Cash').waitFor();
    expect(await endingSoon.getByText('Food Bank Winter Appeal').count()).toBe(0);

    await page.getByRole('region', { name: 'Our Impact' }).getByText('15').first().waitFor();
    await page.getByText('Win Big with RaffleWin').first().waitFor();
  });

  it('lists only live raffles: not ended, not yet started', async () => {
    await page.goto(`${SHOP_URL}/competitions`);
    await page.getByTestId('raffle-card').first().waitFor();
    const names = await page.locator('[data-testid="raffle-card"] h3').allTextContents();
    expect(names).toEqual(
      expect.arrayContaining([
        '£10,000 Tax-Free Cash',
        'Dream Car: BMW M4 Competition',
        'MacBook Air M4',
      ]),
    );
    expect(names).not.toContain('Luxury Spa Break for Two');
    expect(names).not.toContain('£2,000 Summer Cash');
  });

  it('sends a guest to sign in before entering', async () => {
    await page.goto(SHOP_URL);
    const card = page.getByTestId('raffle-card').filter({ hasText: 'iPhone 17 Pro Max 512GB' });
    await card.getByRole('button', { name: 'Login to Enter' }).click();
    await page.waitForURL(/\/auth\?redirect=%2F$/);
  });

  it('takes Enter Now to the category page and highlights the raffle', async () => {
    await page.goto(SHOP_URL);
    const endingSoon = page.getByRole('region', { name: 'Ending Soon' });
    await endingSoon
      .getByRole('article', { name: 'iPhone 17 Pro Max 512GB' })
      .getByRole('link', { name: 'Enter Now' })
      .click();
    await page.waitForURL(/\/competitions\/tech$/);
    await page
      .locator('[data-testid="raffle-card"][data-highlighted="true"]', {
        hasText: 'iPhone 17 Pro Max 512GB',
      })
      .waitFor();
  });

  it('shows the navigation bar and footer', async () => {
    await page.goto(SHOP_URL);
    await page.getByRole('button', { name: 'Competitions', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Cars & Vehicles' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Login' }).waitFor();
    await page.getByRole('link', { name: 'Terms of Use' }).waitFor();
    // Social links that are still the placeholder '#' are disabled.
    expect(await page.getByRole('button', { name: 'X (not available)' }).isDisabled()).toBe(true);
  });
});
