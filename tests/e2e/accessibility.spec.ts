import { cartPath } from '@rafflewin/domain';
import type { Page } from 'playwright-core';
import { DEMO_USERS } from '../../emulators/config';
import { adminDb } from '../support/admin';
import {
  SHOP_URL,
  horizontalOverflow,
  seriousAccessibilityViolations,
  signIn,
} from '../support/browser';
import { demoShopForFile } from '../support/demoShop';

jest.setTimeout(180_000);

const shop = demoShopForFile();
const { customer } = DEMO_USERS;

/** Each page and what shows it has loaded. */
const PAGES = [
  { path: '/', ready: (page: Page) => page.getByTestId('raffle-card').first() },
  { path: '/competitions', ready: (page: Page) => page.getByTestId('raffle-card').first() },
  { path: '/cart', ready: (page: Page) => page.getByTestId('cart-line').first() },
  {
    path: '/checkout',
    ready: (page: Page) => page.getByRole('button', { name: 'Pay by Card' }),
  },
];

const VIEWPORTS = [
  { width: 375, height: 740 },
  { width: 768, height: 1024 },
  { width: 1280, height: 900 },
];

async function signedInPage(viewport: { width: number; height: number }): Promise<Page> {
  const page = await shop.newPage(viewport);
  await signIn(page, customer.email, customer.password);
  return page;
}

beforeAll(async () => {
  // Something to show in the cart and at checkout.
  await adminDb.doc(cartPath(customer.uid)).set({
    items: [{ raffleId: 'tech-macbook', quantity: 2 }],
    updatedAt: new Date(),
  });
});

afterAll(async () => {
  await adminDb.doc(cartPath(customer.uid)).delete();
});

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  it('has no serious or critical violations on home, a listing, the cart and checkout', async () => {
    const page = await signedInPage({ width: 1280, height: 900 });
    const found: string[] = [];
    for (const { path, ready } of PAGES) {
      await page.goto(`${SHOP_URL}${path}`);
      await ready(page).waitFor();
      found.push(...(await seriousAccessibilityViolations(page)).map((v) => `${path}: ${v}`));
    }
    await page.close();
    expect(found).toEqual([]);
  });

  it('has none for a guest on a phone either', async () => {
    const page = await shop.newPage({ width: 375, height: 740 });
    await page.goto(SHOP_URL);
    await page.getByTestId('raffle-card').first().waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.close();
  });
});

describe('responsive layout', () => {
  it.each(VIEWPORTS)(
    'fits a $width px wide window without sideways scrolling',
    async (viewport) => {
      const page = await signedInPage(viewport);
      for (const { path, ready } of PAGES) {
        await page.goto(`${SHOP_URL}${path}`);
        await ready(page).waitFor();
        expect({ path, overflow: await horizontalOverflow(page) }).toEqual({ path, overflow: [] });
      }
      await page.close();
    },
  );

  it('offers the reduced mobile menu on a phone', async () => {
    const page = await shop.newPage({ width: 375, height: 740 });
    await page.goto(SHOP_URL);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Winners' }).click();
    await page.waitForURL(/\/winners$/);
    await page.close();
  });
});
