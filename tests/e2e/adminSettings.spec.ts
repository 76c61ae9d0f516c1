import {
  SETTINGS_MESSAGES,
  SITE_SETTINGS_PATH,
  SMTP_SECRET_PATH,
  SMTP_SETTINGS_PATH,
  SOCIAL_SETTINGS_PATH,
} from '@rafflewin/domain';
import type { Browser, Page } from 'playwright-core';
import { DEMO_USERS } from '../../emulators/config';
import { DEMO_SITE_SETTINGS, DEMO_SOCIAL_SETTINGS } from '../../emulators/seed/demoData';
import { seedDemoData } from '../../emulators/seed/seed';
import { adminAuth, adminDb, uniqueEmail } from '../support/admin';
import {
  SHOP_URL,
  launchBrowser,
  newShopPage,
  seriousAccessibilityViolations,
  signIn,
  allowBrowserErrors,
  CUT_NETWORK,
  FIRESTORE_UNREACHABLE,
} from '../support/browser';
import { messageTo } from '../support/mail';

jest.setTimeout(180_000);

let browser: Browser;
let admin: Page;

/** Puts back everything this file changes, whatever happened. */
async function restoreSettings() {
  await adminDb.doc(SITE_SETTINGS_PATH).set(DEMO_SITE_SETTINGS);
  await adminDb.doc(SOCIAL_SETTINGS_PATH).set(DEMO_SOCIAL_SETTINGS);
  await adminDb.doc(SMTP_SETTINGS_PATH).delete();
  await adminDb.doc(SMTP_SECRET_PATH).delete();
}

beforeAll(async () => {
  await seedDemoData(adminDb, adminAuth);
  await restoreSettings();
  browser = await launchBrowser();
  admin = await newShopPage(browser);
  await signIn(admin, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
});

afterAll(async () => {
  await restoreSettings();
  await browser?.close();
});

async function openTab(name: string) {
  await admin.getByRole('tab', { name }).click();
  await admin.getByRole('heading', { name, level: 2 }).waitFor();
}

const navbarColour = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.querySelector('header')!).backgroundColor);

describe('Site Settings', () => {
  it('renames the shop and changes its primary colour; the shop shows both', async () => {
    await admin.goto(`${SHOP_URL}/admin/settings`);
    await admin.getByRole('heading', { name: 'General', level: 2 }).waitFor();
    expect(await seriousAccessibilityViolations(admin)).toEqual([]);

    await admin.getByLabel('Site name').fill('');
    await admin.getByRole('button', { name: 'Save General Settings' }).click();
    await admin.getByText('Site name is required').waitFor();
    await admin.getByLabel('Site name').fill('Lucky Draws Co');
    await admin.getByRole('button', { name: 'Save General Settings' }).click();
    const saved = admin.getByText('Settings updated successfully');
    await saved.waitFor();
    // The success message clears by itself after 3 seconds.
    await saved.waitFor({ state: 'detached', timeout: 8000 });

    await openTab('Appearance');
    await admin.getByRole('textbox', { name: 'Primary colour', exact: true }).fill('#7b1fa2');
    const preview = admin.getByTestId('theme-preview');
    await admin.waitForFunction(
      () =>
        getComputedStyle(document.querySelector('[data-testid="theme-preview"] header')!)
          .backgroundColor === 'rgb(123, 31, 162)',
    );
    await admin.getByLabel('Footer style').click();
    await admin.getByRole('option', { name: 'Minimal (one row)' }).click();
    await preview.getByText('About · Contact · Terms · Privacy').waitFor();
    await admin.getByRole('button', { name: 'Save Appearance' }).click();
    await admin.getByText('Settings updated successfully').waitFor();

    const shopper = await newShopPage(browser);
    await shopper.goto(SHOP_URL);
    await shopper.getByRole('link', { name: 'Lucky Draws Co' }).first().waitFor();
    expect(await navbarColour(shopper)).toBe('rgb(123, 31, 162)');
    expect(await shopper.locator('footer').getAttribute('data-footer-style')).toBe('minimal');
    await shopper.close();
  });

  it('saves only what was changed on the page, keeping what another administrator saved meanwhile', async () => {
    await admin.goto(`${SHOP_URL}/admin/settings`);
    await admin.getByRole('heading', { name: 'General', level: 2 }).waitFor();
    await admin.getByLabel('Site description').fill('Prize draws, fairly run');
    // Meanwhile another administrator saves a new support phone number.
    await adminDb.doc(SITE_SETTINGS_PATH).update({ supportPhone: '+44 20 7946 0999' });
    await admin.getByRole('button', { name: 'Save General Settings' }).click();
    await admin.getByText('Settings updated successfully').waitFor();
    expect((await adminDb.doc(SITE_SETTINGS_PATH).get()).data()).toMatchObject({
      siteDescription: 'Prize draws, fairly run',
      supportPhone: '+44 20 7946 0999',
    });
    // The form now shows the settings as stored.
    expect(await admin.getByLabel('Support phone').inputValue()).toBe('+44 20 7946 0999');
  });

  it("takes the operator's business details, which the footer, contact page, terms and How to Enter show", async () => {
    await admin.goto(`${SHOP_URL}/admin/settings`);
    await admin.getByRole('heading', { name: 'General', level: 2 }).waitFor();
    const save = admin.getByRole('button', { name: 'Save General Settings' });
    await admin.getByLabel('Company number').fill('1234');
    await save.click();
    await admin.getByText(SETTINGS_MESSAGES.companyNumberInvalid, { exact: true }).waitFor();
    await admin.getByLabel('Registered company name').fill('Lucky Draws Ltd');
    await admin.getByLabel('Company number').fill('sc765432');
    await admin.getByLabel('Registered office').fill('9 Castle Street\nEdinburgh EH2 3AH');
    await admin
      .getByLabel('Postal entry address')
      .fill('Lucky Draws Entries\nPO Box 42\nEdinburgh EH1 1ZZ');
    await save.click();
    await admin.getByText('Settings updated successfully').waitFor();
    expect((await adminDb.doc(SITE_SETTINGS_PATH).get()).data()).toMatchObject({
      legalName: 'Lucky Draws Ltd',
      companyNumber: 'SC765432',
      registeredOffice: '9 Castle Street\nEdinburgh EH2 3AH',
      postalEntryAddress: 'Lucky Draws Entries\nPO Box 42\nEdinburgh EH1 1ZZ',
    });

    // Live raffles name the postal entry address: it cannot be taken away under them.
    await admin.getByLabel('Postal entry address').fill('');
    await save.click();
    await admin.getByText(SETTINGS_MESSAGES.postalAddressInUse, { exact: true }).waitFor();
    expect((await adminDb.doc(SITE_SETTINGS_PATH).get()).get('postalEntryAddress')).toBe(
      'Lucky Draws Entries\nPO Box 42\nEdinburgh EH1 1ZZ',
    );

    const shopper = await newShopPage(browser);
    await shopper.goto(`${SHOP_URL}/competitions`);
    // The shop's defaults show until the settings are read.
    const companyText = shopper.locator('footer p').filter({ hasText: 'Lucky Draws Ltd' });
    await companyText.waitFor();
    expect(await companyText.textContent()).toBe(
      `© ${new Date().getFullYear()} Lucky Draws Ltd, registered in Scotland, company number ` +
        'SC765432. Registered office: 9 Castle Street, Edinburgh EH2 3AH. Entrants must be 18 ' +
        'or over and resident in the UK. Free postal entry is available for every ' +
        'competition; see the Terms of Use.',
    );
    const card = shopper.getByTestId('raffle-card').filter({ hasText: 'MacBook Air M4' });
    await card.getByRole('button', { name: 'How to Enter' }).click();
    await shopper
      .getByRole('dialog', { name: 'How to Enter' })
      .getByText(/to Lucky Draws Entries, PO Box 42, Edinburgh EH1 1ZZ\. One ticket per/)
      .waitFor();

    await shopper.goto(`${SHOP_URL}/contact`);
    const postal = shopper.locator('address').first();
    await postal.waitFor();
    expect(await postal.innerText()).toBe('Lucky Draws Entries\nPO Box 42\nEdinburgh EH1 1ZZ');

    await shopper.goto(`${SHOP_URL}/terms`);
    await shopper
      .getByText(
        'These terms apply to every competition, raffle and giveaway on Lucky Draws Co, which is ' +
          'operated by Lucky Draws Ltd, a company registered in Scotland (company number ' +
          'SC765432) ("we", "us").',
        { exact: false },
      )
      .waitFor();
    await shopper
      .getByText(
        'Online entry to a paid competition costs the ticket price shown on that competition and in its How to Enter details.',
        { exact: false },
      )
      .waitFor();
    expect(await shopper.locator('main').innerText()).not.toContain('£0.99');
    await shopper.close();
  });

  it("saves the shop's social links, which the footer links; an emptied one greys out", async () => {
    await admin.goto(`${SHOP_URL}/admin/settings`);
    await admin.getByRole('heading', { name: 'General', level: 2 }).waitFor();
    await openTab('Social Media');
    const save = admin.getByRole('button', { name: 'Save Social Links' });
    await admin.getByRole('textbox', { name: 'YouTube', exact: true }).fill('javascript:alert(1)');
    await save.click();
    await admin.getByText(SETTINGS_MESSAGES.socialLinkInvalid, { exact: true }).waitFor();
    expect((await adminDb.doc(SOCIAL_SETTINGS_PATH).get()).get('youtube')).toBe('#');
    await admin
      .getByRole('textbox', { name: 'YouTube', exact: true })
      .fill('https://www.youtube.com/@luckydraws');
    await admin
      .getByRole('textbox', { name: 'TikTok', exact: true })
      .fill('https://www.tiktok.com/@luckydraws');
    await admin.getByRole('textbox', { name: 'Facebook', exact: true }).fill('');
    await save.click();
    await admin.getByText('Settings updated successfully').waitFor();
    expect((await adminDb.doc(SOCIAL_SETTINGS_PATH).get()).data()).toMatchObject({
      facebook: '#',
      instagram: 'https://www.instagram.com/',
      youtube: 'https://www.youtube.com/@luckydraws',
      tiktok: 'https://www.tiktok.com/@luckydraws',
    });

    const shopper = await newShopPage(browser);
    await shopper.goto(`${SHOP_URL}/competitions`);
    const footer = shopper.locator('footer');
    const youTube = footer.getByRole('link', { name: 'YouTube', exact: true });
    await youTube.waitFor();
    expect(await youTube.getAttribute('href')).toBe('https://www.youtube.com/@luckydraws');
    expect(await youTube.getAttribute('rel')).toBe('noopener noreferrer');
    expect(
      await footer.getByRole('link', { name: 'TikTok', exact: true }).getAttribute('href'),
    ).toBe('https://www.tiktok.com/@luckydraws');
    // Facebook and X have no link: their icons stay, greyed out; LinkedIn is not shown at all.
    expect(
      await footer.getByRole('button', { name: 'Facebook (not available)' }).isDisabled(),
    ).toBe(true);
    expect(await footer.getByRole('button', { name: 'X (not available)' }).isDisabled()).toBe(true);
    expect(await footer.getByRole('link', { name: 'Facebook', exact: true }).count()).toBe(0);
    expect(await footer.getByLabel(/LinkedIn/).count()).toBe(0);
    await shopper.close();
  });

  it('sends a test e-mail through unsaved SMTP settings to MailDev', async () => {
    await admin.goto(`${SHOP_URL}/admin/settings?tab=email`);
    await admin.getByRole('heading', { name: 'Email Server', level: 2 }).waitFor();
    await admin.getByRole('button', { name: 'Send test email' }).click();
    await admin.getByText('Please fill in all SMTP settings before testing').waitFor();

    const to = uniqueEmail('settings-test');
    await admin.getByLabel('SMTP host').fill('127.0.0.1');
    await admin.getByLabel('SMTP port').fill('1025');
    await admin.getByLabel('SMTP username').fill('mailer');
    await admin.getByLabel('SMTP password').fill('not-saved-anywhere');
    await admin.getByLabel('From email').fill('shop@luckydraws.example');
    await admin.getByLabel('Test email address').fill('');
    await admin.getByRole('button', { name: 'Send test email' }).click();
    await admin.getByText('Please enter a test email address').waitFor();
    await admin.getByLabel('Test email address').fill(to);
    await admin.getByRole('button', { name: 'Send test email' }).click();
    await admin.getByText('Test email sent successfully').waitFor();
    expect((await messageTo(to)).subject).toBe('Test email from your shop');
    // Like every success message, it clears after 3 seconds.
    await admin.getByText('Test email sent successfully').waitFor({ state: 'detached' });
    // Nothing was saved.
    expect((await adminDb.doc(SMTP_SETTINGS_PATH).get()).exists).toBe(false);
  });

  it('shows the connection-error screen and recovers with Retry Connection', async () => {
    const page = await newShopPage(browser);
    await signIn(page, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    // The database cannot be reached on purpose: the browser logs each refused request.
    allowBrowserErrors(CUT_NETWORK, FIRESTORE_UNREACHABLE);
    await page.route('http://127.0.0.1:8080/**', (route) => route.abort());
    await page.goto(`${SHOP_URL}/admin/settings`);
    await page.getByRole('heading', { name: 'Connection Error' }).waitFor({ timeout: 60_000 });
    await page
      .getByText('Unable to connect to the database. Please check your connection and try again.')
      .waitFor();
    await page.unroute('http://127.0.0.1:8080/**');
    await page.getByRole('button', { name: 'Retry Connection' }).click();
    await page.getByRole('heading', { name: 'General', level: 2 }).waitFor({ timeout: 30_000 });
    await page.close();
  });
});
