import { CONTACT_MESSAGES, SUPPORT_LIMITS } from '@rafflewin/domain';
import type { Browser, Page } from 'playwright-core';
import { adminDb } from '../support/admin';
import { SHOP_URL, launchBrowser, newShopPage } from '../support/browser';

jest.setTimeout(90_000);

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newShopPage(browser, { width: 375, height: 800 });
});

afterAll(async () => {
  await browser?.close();
});

describe('contact form', () => {
  it("checks the fields with the shop's messages, then opens a support ticket", async () => {
    await page.goto(`${SHOP_URL}/contact`);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Please provide your name').waitFor();
    await page.getByText('Please provide your email address').waitFor();

    await page.getByLabel('Name').fill('Robin Visitor');
    await page.getByLabel('Email').fill('robin.visitor@example.com');
    // A limit the schema does not word itself is said in the shop's words, not zod's.
    await page.getByLabel('Subject').fill('Q'.repeat(SUPPORT_LIMITS.subjectMax + 1));
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page
      .getByText(
        `This field must be at most ${SUPPORT_LIMITS.subjectMax.toLocaleString('en-GB')} characters`,
      )
      .waitFor();
    await page.getByLabel('Subject').fill('Question about postal entries');
    await page.getByLabel('Message').fill('Can I enter by post?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const success = page.getByText(/Your reference is/);
    await success.waitFor();
    const reference = /RW-[A-Z2-9]{8}/.exec((await success.textContent()) ?? '')?.[0];
    expect(reference).toBeDefined();

    const tickets = await adminDb
      .collection('supportTickets')
      .where('reference', '==', reference)
      .get();
    expect(tickets.docs[0]?.get('subject')).toBe('Question about postal entries');
  });

  it('says the form’s own words, not an HTTP code, when the hosting layer answers in place of the function', async () => {
    const own = await newShopPage(browser, { width: 375, height: 800 });
    // A 503 or 429 from the layer in front of the function carries no callable body: the SDK
    // then makes its message from the status alone ("unavailable", "resource-exhausted").
    const answers = [503, 429, 502];
    await own.route('**/submitSupportTicket', (route) =>
      route.fulfill({
        status: answers.shift() ?? 503,
        contentType: 'text/html',
        body: '<h1>Busy</h1>',
      }),
    );
    await own.goto(`${SHOP_URL}/contact`);
    await own.getByLabel('Name').fill('Robin Visitor');
    await own.getByLabel('Email').fill('robin.visitor@example.com');
    await own.getByLabel('Subject').fill('Busy servers');
    await own.getByLabel('Message').fill('Hello?');
    for (const words of [
      'Network error: Please check your connection and try again.',
      CONTACT_MESSAGES.failed,
      CONTACT_MESSAGES.failed,
    ]) {
      await own.getByRole('button', { name: 'Send Message' }).click();
      await own.getByText(words, { exact: true }).waitFor();
      expect(await own.getByText(/^(unavailable|resource-exhausted|unknown)$/).count()).toBe(0);
    }
    await own.close();
  });

  it('dates Contact Us as the other static pages are dated', async () => {
    for (const [path, title] of [
      ['/about', 'About Us'],
      ['/contact', 'Contact Us'],
      ['/privacy', 'Privacy Policy'],
      ['/terms', 'Terms of Service'],
    ]) {
      await page.goto(`${SHOP_URL}${path}`);
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      await page.getByText('Last updated March 15, 2025', { exact: true }).waitFor();
    }
  });

  it("states support's times in the same words on Contact, the terms and the commitments", async () => {
    const complex = 'complex cases can take up to 14 working days.';
    const pages: [string, string][] = [
      [
        '/contact',
        `We acknowledge every message within 24 hours and aim to resolve it within 5 working days; ${complex}`,
      ],
      [
        '/terms',
        `We acknowledge complaints within 24 hours and aim to resolve them within 5 working days; ${complex}`,
      ],
      [
        '/commitments',
        `We acknowledge complaints within 24 hours and aim to resolve them within 5 working days; ${complex}`,
      ],
    ];
    for (const [path, times] of pages) {
      await page.goto(`${SHOP_URL}${path}`);
      await page.getByText(times).waitFor();
    }
  });
});

/** The cookie choice this browser saved (the `cookiePreferences` key). */
async function savedCookieChoice(page: Page): Promise<unknown> {
  const saved = await page.evaluate(() => window.localStorage.getItem('cookiePreferences'));
  return JSON.parse(saved ?? '{}') as unknown;
}

describe('cookie banner', () => {
  it('asks first-time visitors, saves their choice locally and asks again after Cookie Settings', async () => {
    const visitor = await newShopPage(
      browser,
      { width: 1280, height: 900 },
      { cookieChoiceMade: false },
    );
    await visitor.goto(`${SHOP_URL}/about`);
    const banner = visitor.getByRole('region', { name: 'Cookie preferences' });
    await banner.waitFor();
    await banner.getByRole('button', { name: 'Manage choices' }).click();
    await banner.getByLabel('Analytics').check();
    await banner.getByRole('button', { name: 'Save preferences' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await savedCookieChoice(visitor)).toEqual({
      necessary: true,
      analytics: true,
      marketing: false,
    });

    await visitor.reload();
    await visitor.getByRole('heading', { level: 1 }).waitFor();
    expect(await banner.count()).toBe(0);
    await visitor.getByRole('button', { name: 'Cookie Settings' }).click();
    await banner.waitFor();
    await visitor.close();
  });

  it('leaves the shop window in view on a phone, with Reject as easy as Accept', async () => {
    const phone = await newShopPage(
      browser,
      { width: 375, height: 667 },
      { cookieChoiceMade: false },
    );
    await phone.goto(SHOP_URL);
    const banner = phone.getByRole('region', { name: 'Cookie preferences' });
    await banner.waitFor();
    const box = await banner.boundingBox();
    // A strip at the foot of the screen: at most a third of a 667 px phone screen.
    expect(box?.height).toBeLessThanOrEqual(667 / 3);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeCloseTo(667, 0);
    await expect(banner.getByRole('button', { name: 'Accept all' }).isVisible()).resolves.toBe(
      true,
    );
    await banner.getByRole('button', { name: 'Reject non-essential' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await savedCookieChoice(phone)).toEqual({
      necessary: true,
      analytics: false,
      marketing: false,
    });
    await phone.close();
  });
});
