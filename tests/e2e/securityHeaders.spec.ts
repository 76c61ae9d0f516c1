/**
 * The hosting headers (firebase.json) as a browser meets them: every top-level route of the
 * shop, the account area and the admin console loads with the Content-Security-Policy
 * enforced and no violation, and each document carries the security headers.
 */
import type { Page, Response } from 'playwright-core';
import { DEMO_USERS } from '../../emulators/config';
import { SHOP_URL, allowBrowserErrors, signIn } from '../support/browser';
import { demoShopForFile } from '../support/demoShop';

jest.setTimeout(240_000);

const shop = demoShopForFile();

const SHOP_ROUTES = [
  '/',
  '/competitions',
  '/competitions/cash',
  '/charity',
  '/free',
  '/winners',
  '/entries',
  '/draws/car-bmw-m4',
  '/cart',
  '/about',
  '/contact',
  '/terms',
  '/privacy',
  '/commitments',
  '/responsible-play',
  '/auth',
  '/reset-password',
  '/no-such-page',
];
const ACCOUNT_ROUTES = [
  '/account',
  '/account/saved',
  '/account/settings',
  '/account/tickets',
  '/account/orders',
  '/account/support',
  '/account/notifications',
  '/checkout',
];
const ADMIN_ROUTES = [
  '/admin',
  '/admin/raffles',
  '/admin/users',
  '/admin/tickets',
  '/admin/support',
  '/admin/orders',
  '/admin/carousel',
  '/admin/postal-entries',
  '/admin/settings',
];

const EXPECTED_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'strict-transport-security',
];

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchedPage(): Promise<{ page: Page; violations: string[] }> {
  const page = await shop.newPage();
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __cspViolation: (text: string) => void })
        .__cspViolation;
      void report(`${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return { page, violations };
}

async function visit(page: Page, path: string): Promise<Response> {
  const response = await page.goto(`${SHOP_URL}${path}`, { waitUntil: 'load' });
  if (!response) throw new Error(`No response for ${path}`);
  // The app has rendered (its scripts, styles and first reads ran under the policy).
  await page.locator('main, [role="main"], h1').first().waitFor();
  return response;
}

function expectSecurityHeaders(response: Response, path: string) {
  const headers = response.headers();
  expect({ path, missing: EXPECTED_HEADERS.filter((name) => !headers[name]) }).toEqual({
    path,
    missing: [],
  });
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
}

describe('hosting headers', () => {
  it('every shop route loads with the CSP enforced, without a violation', async () => {
    const { page, violations } = await watchedPage();
    try {
      for (const path of SHOP_ROUTES) expectSecurityHeaders(await visit(page, path), path);
      expect(violations).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('the account area and the admin console too', async () => {
    for (const [user, routes] of [
      [DEMO_USERS.customer, ACCOUNT_ROUTES],
      [DEMO_USERS.admin, ADMIN_ROUTES],
    ] as const) {
      const { page, violations } = await watchedPage();
      try {
        await signIn(page, user.email, user.password);
        for (const path of routes) expectSecurityHeaders(await visit(page, path), path);
        expect({ user: user.email, violations }).toEqual({ user: user.email, violations: [] });
      } finally {
        await page.close();
      }
    }
  });

  it('no other site can frame the shop', async () => {
    const { page } = await watchedPage();
    try {
      const response = await visit(page, '/');
      expect(response.headers()['content-security-policy']).toContain("object-src 'none'");
      // A page of another origin tries to frame it: the frame stays empty (the browser says so,
      // and the blocked frame's document may not touch storage).
      allowBrowserErrors(
        /violates the following Content Security Policy directive/,
        /^SecurityError Failed to read the 'localStorage' property/,
      );
      await page.setContent(`<iframe id="shop" src="${SHOP_URL}/"></iframe>`, {
        waitUntil: 'load',
      });
      const frame = page.frames().find((one) => one.url().startsWith(SHOP_URL));
      const framed = frame
        ? await frame
            .locator('#root')
            .count()
            .catch(() => 0)
        : 0;
      expect(framed).toBe(0);
    } finally {
      await page.close();
    }
  });
});
