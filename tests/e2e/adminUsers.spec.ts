import { ADMIN_CLAIM, TWO_FACTOR_MESSAGES, userSettingsPath } from '@rafflewin/domain';
import type { Browser, Page } from 'playwright-core';
import { DEMO_USERS } from '../../emulators/config';
import { seedDemoData } from '../../emulators/seed/seed';
import { adminAuth, adminDb } from '../support/admin';
import {
  SHOP_URL,
  horizontalOverflow,
  launchBrowser,
  newShopPage,
  seriousAccessibilityViolations,
  signIn,
} from '../support/browser';
import { callOk, newCustomer, type Customer } from '../support/customers';
import { successiveCodes } from '../support/totp';

jest.setTimeout(180_000);

/** newCustomer's password. */
const PASSWORD = 'Str0ng!pass';

let browser: Browser;
let admin: Page;
let target: Customer;

beforeAll(async () => {
  await seedDemoData(adminDb, adminAuth);
  target = await newCustomer('Tess', 'Target');
  browser = await launchBrowser();
  admin = await newShopPage(browser);
  await signIn(admin, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
});

afterAll(async () => {
  await browser?.close();
});

/** Searches User Management for one e-mail address and returns its row. */
async function findRow(email: string) {
  await admin.getByLabel('Search users').fill(email);
  await admin.getByRole('button', { name: 'Search' }).click();
  const row = admin.getByTestId('user-row').filter({ hasText: email });
  await row.waitFor();
  return row;
}

describe('User Management', () => {
  it('lists users with their totals and passes the accessibility and layout checks', async () => {
    await admin.goto(`${SHOP_URL}/admin/users`);
    await admin.getByRole('heading', { name: 'User Management', level: 1 }).waitFor();
    await admin.getByTestId('user-row').first().waitFor();
    expect(await seriousAccessibilityViolations(admin)).toEqual([]);

    const row = await findRow(target.email);
    await row.getByText('Tickets: 0').waitFor();
    await row.getByText('Spent: £0.00').waitFor();
    // newCustomer signed in through Auth: the last login is a date, not "Never".
    expect(await row.getByText('Never').count()).toBe(0);

    // The administrator's own rights cannot be removed from here.
    const own = await findRow(DEMO_USERS.admin.email);
    await own.getByText('Admin', { exact: true }).first().waitFor();
    expect(await own.getByRole('switch', { name: /^Administrator:/ }).isDisabled()).toBe(true);

    const narrow = await newShopPage(browser, { width: 375, height: 740 });
    await signIn(narrow, DEMO_USERS.admin.email, DEMO_USERS.admin.password);
    await narrow.goto(`${SHOP_URL}/admin/users`);
    await narrow.getByTestId('user-row').first().waitFor();
    expect(await horizontalOverflow(narrow)).toEqual([]);
    await narrow.close();
  });

  it('edits a profile with the UK phone rule', async () => {
    const row = await findRow(target.email);
    await row.getByRole('button', { name: `Edit ${target.email}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Edit User Profile' });
    await dialog.getByLabel('Phone number').fill('07700900456');
    await dialog.getByRole('button', { name: 'Save Profile' }).click();
    await dialog
      .getByText('Invalid UK phone number format. Must start with +44 followed by 10 digits')
      .waitFor();
    const username = `tess${Date.now()}`;
    await dialog.getByLabel('Phone number').fill('+447700900456');
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByRole('button', { name: 'Save Profile' }).click();
    await admin.getByText('User profile updated successfully').waitFor();
    await row.getByText(username).waitFor();
    expect((await adminDb.doc(`users/${target.uid}`).get()).get('phoneNumber')).toBe(
      '+447700900456',
    );
  });

  it("resets a customer's lost second factor: audited, the customer told", async () => {
    const locked = await newCustomer('Lou', 'Lost');
    const { secret } = await callOk(
      'startTwoFactorEnrolment',
      { currentPassword: PASSWORD },
      locked,
    );
    await callOk('confirmTwoFactorEnrolment', { code: await successiveCodes(secret)() }, locked);

    const row = await findRow(locked.email);
    await row.getByRole('button', { name: `Edit ${locked.email}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Edit User Profile' });
    await dialog.getByRole('button', { name: 'Reset Two-Factor' }).click();
    await dialog.getByRole('button', { name: 'Yes, turn two-factor off' }).click();
    await admin.getByText(TWO_FACTOR_MESSAGES.resetDone).waitFor();
    expect((await adminDb.doc(userSettingsPath(locked.uid)).get()).get('twoFactorEnabled')).toBe(
      false,
    );
    const told = await adminDb
      .collection(`users/${locked.uid}/notifications`)
      .where('message', '==', TWO_FACTOR_MESSAGES.resetByAdmin)
      .get();
    expect(told.size).toBe(1);
  });

  it('bans a customer, who then cannot sign in, and unbans them', async () => {
    const row = await findRow(target.email);
    await row.getByRole('button', { name: `Ban ${target.email}`, exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: 'Ban User' });
    await dialog.getByRole('button', { name: 'Ban User' }).click();
    await dialog.getByText('Please enter a reason for the ban').waitFor();
    await dialog.getByLabel(/Reason for the ban/).fill('Abusive support messages');
    await dialog.getByRole('button', { name: 'Ban User' }).click();
    await admin.getByText('User banned successfully').waitFor();
    await row.getByText('Banned', { exact: true }).waitFor();
    await row.getByText('Reason: Abusive support messages').waitFor();

    const shopper = await newShopPage(browser);
    await shopper.goto(`${SHOP_URL}/auth`);
    await shopper.getByLabel('Email').fill(target.email);
    await shopper.getByLabel('Password').fill(PASSWORD);
    await shopper.getByRole('button', { name: 'Sign In' }).click();
    await shopper.getByText('This account has been suspended. Please contact support.').waitFor();

    await row.getByRole('button', { name: `Unban ${target.email}` }).click();
    await admin
      .getByRole('dialog', { name: 'Unban User' })
      .getByRole('button', { name: 'Unban' })
      .click();
    await admin.getByText('User unbanned successfully').waitFor();
    await row.getByRole('button', { name: `Ban ${target.email}`, exact: true }).waitFor();

    await signIn(shopper, target.email, PASSWORD);
    await shopper.close();
  });

  it('grants and removes administrator rights with the toggle', async () => {
    const row = await findRow(target.email);
    await row.getByRole('switch', { name: `Administrator: ${target.email}` }).click();
    const grant = admin.getByRole('dialog', { name: 'Set User as Admin' });
    await grant.getByText(/takes effect when the user's sign-in refreshes/).waitFor();
    await grant.getByRole('button', { name: 'Set as Admin' }).click();
    await admin.getByText('User admin status granted successfully').waitFor();
    const toggle = (checked: boolean) =>
      row.getByRole('switch', { name: `Administrator: ${target.email}`, checked });
    await toggle(true).waitFor();
    await row.getByText('Admin', { exact: true }).waitFor();
    expect((await adminAuth.getUser(target.uid)).customClaims?.[ADMIN_CLAIM]).toBe(true);

    await toggle(true).click();
    await admin
      .getByRole('dialog', { name: 'Remove Admin Rights' })
      .getByRole('button', { name: 'Remove Admin' })
      .click();
    await admin.getByText('User admin status removed successfully').waitFor();
    await toggle(false).waitFor();
    expect((await adminAuth.getUser(target.uid)).customClaims?.[ADMIN_CLAIM]).toBeUndefined();
  });
});
