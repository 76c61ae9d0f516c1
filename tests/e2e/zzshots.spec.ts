import type { StartTwoFactorEnrolmentOutput } from '@rafflewin/domain';
import { adminAuth, adminDb } from '../support/admin';
import { seedDemoData } from '../../emulators/seed/seed';
import { SHOP_URL, launchBrowser, newShopPage } from '../support/browser';
import { CUSTOMER_PASSWORD, callOk, newCustomer } from '../support/customers';
import { codeAt } from '../support/totp';

jest.setTimeout(180_000);

it('takes screenshots', async () => {
  await seedDemoData(adminDb, adminAuth);
  const browser = await launchBrowser();
  for (const width of [1280, 375]) {
    const page = await newShopPage(browser, { width, height: 900 });
    const shot = (name: string) => page.screenshot({ path: `/tmp/shots/${name}-${width}.png`, fullPage: true });
    await page.goto(`${SHOP_URL}/auth`);
    await page.getByLabel('Email or username').waitFor();
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForTimeout(300);
    await shot('signin-errors');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.waitForTimeout(300);
    await shot('signup-errors');
    await page.goto(`${SHOP_URL}/auth?view=forgot`);
    await page.getByLabel('Email').waitFor();
    await shot('forgot');
    await page.goto(`${SHOP_URL}/reset-password?mode=resetPassword&oobCode=bogus`);
    await page.getByText('invalid or has expired').waitFor();
    await shot('reset-invalid');
    const customer = await newCustomer('Shot', 'Taker');
    const { secret } = await callOk<StartTwoFactorEnrolmentOutput>('startTwoFactorEnrolment', {}, customer);
    await callOk('confirmTwoFactorEnrolment', { code: await codeAt(secret, -1) }, customer);
    await page.goto(`${SHOP_URL}/auth`);
    await page.getByLabel('Email or username').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(CUSTOMER_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(/2fa/);
    await page.getByLabel('Authentication code').waitFor();
    await shot('2fa');
    await page.getByLabel('Authentication code').fill(await codeAt(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${SHOP_URL}/`);
    await page.goto(`${SHOP_URL}/account/password`);
    await page.getByRole('heading', { name: 'Change Password' }).waitFor();
    await shot('password');
    await page.close();
  }
  await browser.close();
});
