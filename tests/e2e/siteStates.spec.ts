import { ACCESS_MESSAGES, AUTH_MESSAGES, SITE_SETTINGS_PATH } from '@rafflewin/domain';
import type { Browser, Page } from 'playwright-core';
import { DEMO_USERS } from '../../emulators/config';
import { seedDemoData } from '../../emulators/seed/seed';
import { adminAuth, adminDb } from '../support/admin';
import { signInWithPassword } from '../support/authRest';
import {
  SHOP_URL,
  launchBrowser,
  newShopPage,
  setNewPasswordFromMail,
  signIn,
  signInWithRecoveryCode,
  allowBrowserErrors,
  CUT_NETWORK,
  FIRESTORE_UNREACHABLE,
} from '../support/browser';
import { TEST_PASSWORD, callOk, newAdmin, newCustomer } from '../support/customers';
import { linkIn, waitForMail } from '../support/mailbox';
import { freshIp } from '../support/signUpForms';
import { enrolTwoFactor } from '../support/totp';

jest.setTimeout(120_000);

let browser: Browser;
let page: Page;

beforeAll(async () => {
  await seedDemoData(adminDb, adminAuth);
  browser = await launchBrowser();
});

afterAll(async () => {
  await adminDb
    .doc(SITE_SETTINGS_PATH)
    .set({ maintenanceMode: false, allowGuestViews: true }, { merge: true });
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

    // A visitor arriving meets the maintenance screen first, never a glimpse of the page (which
    // is mounted hidden while the settings are read, so its reads start alongside them).
    const arriving = await newShopPage(browser);
    await arriving.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { headingsSeen: seen });
      new MutationObserver(() => {
        for (const heading of Array.from(document.querySelectorAll('h1'))) {
          const text = heading.textContent ?? '';
          if (heading.checkVisibility() && !seen.includes(text)) seen.push(text);
        }
      }).observe(document, {
        childList: true,
        subtree: true,
        characterData: true,
        attributes: true,
      });
    });
    await arriving.goto(`${SHOP_URL}/competitions`);
    await arriving.getByRole('heading', { name: 'Site Maintenance' }).waitFor();
    expect(
      await arriving.evaluate(() => (window as unknown as { headingsSeen: string[] }).headingsSeen),
    ).toEqual(['Site Maintenance']);
    await arriving.close();

    await page.goto(`${SHOP_URL}/competitions`);
    await page.getByRole('heading', { name: 'Site Maintenance' }).waitFor();
    await page.getByRole('link', { name: 'Admin Login' }).click();
    await page.waitForURL(/\/auth\?admin=true$/);
    await page.getByText(/only administrators can enter/).waitFor();

    const { admin } = DEMO_USERS;
    await signIn(page, admin.email, admin.password);
    await page.goto(`${SHOP_URL}/competitions`);
    await page.getByTestId('raffle-card').first().waitFor();

    await adminDb
      .doc(SITE_SETTINGS_PATH)
      .set({ maintenanceMode: false, allowGuestViews: true }, { merge: true });
  });

  it('lets an administrator with two-factor on give the code at /2fa during maintenance', async () => {
    const admin = await newAdmin('Mia', 'Maintenance');
    const { recoveryCodes } = await enrolTwoFactor(admin);
    await adminDb.doc(SITE_SETTINGS_PATH).update({ maintenanceMode: true });
    try {
      await page.goto(`${SHOP_URL}/auth?admin=true`);
      // The password sends the administrator on to /2fa, which maintenance leaves open.
      await signInWithRecoveryCode(page, admin.email, TEST_PASSWORD, recoveryCodes[0]!);
      await page.goto(`${SHOP_URL}/competitions`);
      await page.getByTestId('raffle-card').first().waitFor();
      expect(await page.getByRole('heading', { name: 'Site Maintenance' }).count()).toBe(0);
    } finally {
      await adminDb.doc(SITE_SETTINGS_PATH).update({ maintenanceMode: false });
    }
  });

  it("switches maintenance mode on and off from the console's settings", async () => {
    // Here, not with the other settings: maintenance closes the whole shop, so it runs only
    // when no other suite is using it (tests/support/lanes.ts).
    const admin = await newShopPage(browser);
    await signIn(admin, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    await admin.goto(`${SHOP_URL}/admin/settings`);
    await admin.getByRole('switch', { name: 'Maintenance mode' }).check();
    await admin.getByText(/customers are locked out until you switch it off/).waitFor();
    await admin.getByRole('button', { name: 'Save General Settings' }).click();
    await admin.getByText('Settings updated successfully').waitFor();

    await page.goto(`${SHOP_URL}/competitions`);
    await page.getByRole('heading', { name: 'Site Maintenance' }).waitFor();

    await admin.getByRole('switch', { name: 'Maintenance mode' }).uncheck();
    await admin.getByRole('button', { name: 'Save General Settings' }).click();
    await admin.getByText('Settings updated successfully').first().waitFor();
    // Live: the shopper's open page leaves the maintenance screen without a reload.
    await page.getByRole('heading', { name: 'Site Maintenance' }).waitFor({ state: 'detached' });
    await page.getByTestId('raffle-card').first().waitFor();
    await admin.close();
  });

  it('tells a customer signing in during maintenance why, by password or by e-mailed link, and signs nobody in', async () => {
    const customer = await newCustomer('Mo', 'Closed');
    await page.goto(`${SHOP_URL}/auth`);
    await page.getByRole('button', { name: 'Email me a sign-in link instead' }).click();
    await page.getByLabel('Email').fill(customer.email);
    await page.getByRole('button', { name: 'Email Me a Sign-In Link' }).click();
    await page.getByText(AUTH_MESSAGES.magicLinkSent).waitFor();
    const mail = await waitForMail(customer.email, 'Your RaffleWin sign-in link');

    await adminDb.doc(SITE_SETTINGS_PATH).update({ maintenanceMode: true });
    try {
      // The page's notice says it first; the refusal says it again, under the form.
      const refusal = page.getByRole('alert').filter({ hasText: ACCESS_MESSAGES.maintenance });
      await page.goto(`${SHOP_URL}/auth`);
      await refusal.first().waitFor();
      await page.getByLabel('Email').fill(customer.email);
      await page.getByLabel('Password').fill(TEST_PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await refusal.nth(1).waitFor();

      await page.goto(linkIn(mail, `${SHOP_URL}/auth?`));
      await refusal.nth(1).waitFor();
      expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(0);
    } finally {
      await adminDb
        .doc(SITE_SETTINGS_PATH)
        .set({ maintenanceMode: false, allowGuestViews: true }, { merge: true });
    }
  });

  it('lets a customer finish a password reset during maintenance', async () => {
    const customer = await newCustomer('Maya', 'Maintenance');
    await callOk('requestPasswordReset', { email: customer.email }, undefined, {
      fromIp: freshIp(),
    });
    const mail = await waitForMail(customer.email, 'Reset your RaffleWin password');
    await adminDb.doc(SITE_SETTINGS_PATH).update({ maintenanceMode: true });
    try {
      await setNewPasswordFromMail(page, mail, customer.email, 'Changed!Pass9');
      // The rest of the shop stays closed.
      await page.goto(`${SHOP_URL}/competitions`);
      await page.getByRole('heading', { name: 'Site Maintenance' }).waitFor();
    } finally {
      await adminDb
        .doc(SITE_SETTINGS_PATH)
        .set({ maintenanceMode: false, allowGuestViews: true }, { merge: true });
    }
    expect((await signInWithPassword(customer.email, 'Changed!Pass9')).localId).toBe(customer.uid);
  });

  it('shows the offline notice above the page without a connection, keeping what was typed, and recovers', async () => {
    await page.goto(`${SHOP_URL}/contact`);
    const message = page.getByLabel('Message');
    await message.fill('Half a message, typed before the train went into a tunnel');
    allowBrowserErrors(CUT_NETWORK, FIRESTORE_UNREACHABLE);
    await page.context().setOffline(true);
    await page.getByRole('heading', { name: "You're Offline" }).waitFor();
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    expect(await message.inputValue()).toBe(
      'Half a message, typed before the train went into a tunnel',
    );
    await page.context().setOffline(false);
    await page.getByRole('heading', { name: "You're Offline" }).waitFor({ state: 'detached' });
    expect(await message.inputValue()).toBe(
      'Half a message, typed before the train went into a tunnel',
    );

    // On a listing, each raffle card says so where its button is.
    await page.goto(`${SHOP_URL}/competitions`);
    const card = page.getByTestId('raffle-card').first();
    await card.waitFor();
    await page.context().setOffline(true);
    await card.getByText('Connection error. Please check your internet connection.').waitFor();
    await page.context().setOffline(false);
    await page.getByRole('heading', { name: "You're Offline" }).waitFor({ state: 'detached' });
  });

  // Every raffle switched off for a moment: other suites' raffles too, so it runs here.
  it("shows each listing's empty state when nothing is live", async () => {
    // Every raffle switched off, winners and donations removed; the seed puts them back.
    const raffles = await adminDb.collection('raffles').where('active', '==', true).get();
    const content = [
      ...(await adminDb.collection('winners').get()).docs,
      ...(await adminDb.collection('charityDonations').get()).docs,
    ];
    const batch = adminDb.batch();
    raffles.docs.forEach((raffle) => batch.update(raffle.ref, { active: false }));
    content.forEach((doc) => batch.delete(doc.ref));
    await batch.commit();
    try {
      const expectations: Array<[string, string]> = [
        ['/competitions', 'No active competitions at the moment'],
        ['/competitions/cash', 'No cash prize competitions at the moment'],
        ['/competitions/tech', 'No tech prize competitions at the moment'],
        ['/competitions/cars', 'No car competitions at the moment'],
        ['/charity', 'No active charity raffles at the moment'],
        ['/charity', 'No donations recorded yet.'],
        ['/free', 'No active giveaways at the moment'],
        ['/winners', 'No winners announced yet.'],
        ['/', 'No competitions ending soon at the moment'],
      ];
      for (const [path, message] of expectations) {
        await page.goto(`${SHOP_URL}${path}`);
        await page.getByText(message).first().waitFor();
      }
      // Each section of /competitions says so too.
      await page.goto(`${SHOP_URL}/competitions`);
      await page
        .getByRole('region', { name: 'Tech Prizes' })
        .getByText('No active raffles at the moment')
        .waitFor();
    } finally {
      const restore = adminDb.batch();
      raffles.docs.forEach((raffle) => restore.update(raffle.ref, { active: true }));
      await restore.commit();
      await seedDemoData(adminDb, adminAuth);
    }
  });

  it('sends visitors to /auth outside the guest pages when guest views are off', async () => {
    await adminDb.doc(SITE_SETTINGS_PATH).set({ allowGuestViews: false }, { merge: true });
    try {
      await page.goto(`${SHOP_URL}/about`);
      await page.waitForURL(`${SHOP_URL}/auth?redirect=%2Fabout`);
      await page.goto(`${SHOP_URL}/terms`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(page.url()).toBe(`${SHOP_URL}/terms`);
      await page.goto(`${SHOP_URL}/account`);
      await page.waitForURL(`${SHOP_URL}/auth?redirect=%2Faccount`);
    } finally {
      await adminDb.doc(SITE_SETTINGS_PATH).set({ allowGuestViews: true }, { merge: true });
    }
  });
});
