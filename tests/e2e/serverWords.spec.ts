/**
 * The server's words, and only while they stand: a refusal the page showed goes once the next
 * try succeeds (and a success once the next try fails), a saved form shows what was stored,
 * and a good sign-in link the shop refuses says the shop's reason rather than blaming the link.
 */
import {
  ACCESS_MESSAGES,
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  PASSWORD_MESSAGES,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_MESSAGES,
  userPath,
  userSettingsPath,
} from '@rafflewin/domain';
import type { Page } from 'playwright-core';
import { adminAuth, adminDb, uniqueEmail } from '../support/admin';
import { firebaseMailedCode, post as authApi } from '../support/authRest';
import {
  CUT_NETWORK,
  SHOP_URL,
  allowBrowserErrors,
  pageWhoseSessionEnds,
  signIn,
  signInWithRecoveryCode,
} from '../support/browser';
import { TEST_PASSWORD, callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import { demoShopForFile } from '../support/demoShop';
import { linkIn, waitForMail, type ReceivedMail } from '../support/mailbox';
import { freshIp, signUpForm } from '../support/signUpForms';
import { enrolTwoFactor, successiveCodes } from '../support/totp';

jest.setTimeout(180_000);

const shop = demoShopForFile();

const accountMenu = (page: Page) => page.getByRole('button', { name: 'Account menu' });

describe('two-factor set-up after a refused password', () => {
  it('no longer says the password was wrong once the right one shows the key', async () => {
    const customer = await newCustomer('Wren', 'Retry');
    const page = await shop.newPage();
    await signIn(page, customer.email, TEST_PASSWORD);
    await page.goto(`${SHOP_URL}/account/settings?tab=security`);
    await page.getByLabel('Two-factor authentication is off').check();
    const password = page.getByLabel("Password (to confirm it's you)");
    await password.fill('Wrong!pass1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(PASSWORD_MESSAGES.currentWrong, { exact: true }).waitFor();

    await password.fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('totp-secret').waitFor();
    expect(await page.getByText(PASSWORD_MESSAGES.currentWrong, { exact: true }).count()).toBe(0);
    // Nothing is on until the first code.
    const settings = await adminDb.doc(userSettingsPath(customer.uid)).get();
    expect(settings.get('twoFactorEnabled')).toBe(false);
    await page.close();
  });
});

describe('two-factor set-up whose new sign-in fails', () => {
  it('keeps the recovery codes on screen, then asks for a sign-in with a code', async () => {
    const customer = await newCustomer('Cody', 'Codes');
    const page = await shop.newPage();
    await signIn(page, customer.email, TEST_PASSWORD);
    await page.goto(`${SHOP_URL}/account/settings?tab=security`);
    await page.getByLabel('Two-factor authentication is off').check();
    await page.getByLabel("Password (to confirm it's you)").fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    const nextCode = successiveCodes(secret);
    // The server turns two-factor on; the browser's sign-in with its new token never arrives.
    allowBrowserErrors(CUT_NETWORK);
    await page.route('**/accounts:signInWithCustomToken*', (route) =>
      route.abort('internetdisconnected'),
    );
    await page.getByLabel('Authentication code').fill(await nextCode());
    await page.getByRole('button', { name: 'Turn On' }).click();
    await page.getByText(TWO_FACTOR_MESSAGES.onSignInAgain, { exact: true }).waitFor();
    const codes = await page.getByTestId('recovery-codes').getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    const settings = await adminDb.doc(userSettingsPath(customer.uid)).get();
    expect(settings.get('twoFactorEnabled')).toBe(true);

    await page.unroute('**/accounts:signInWithCustomToken*');
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    // At /auth (maybe with the way back to the settings, as the page's guard sends a sign-out).
    await page.waitForURL(/\/auth(\?redirect=[^&]*)?$/);
    await signInWithRecoveryCode(page, customer.email, TEST_PASSWORD, codes[0]!);
    await page.close();
  });
});

/** A page that asked for a sign-in link for `customer`, and the e-mail it got. */
async function pageWithSignInLink(customer: Customer): Promise<{ page: Page; mail: ReceivedMail }> {
  const page = await shop.newPage();
  await page.goto(`${SHOP_URL}/auth`);
  await page.getByRole('button', { name: 'Email me a sign-in link instead' }).click();
  await page.getByLabel('Email').fill(customer.email);
  await page.getByRole('button', { name: 'Email Me a Sign-In Link' }).click();
  await page.getByText(AUTH_MESSAGES.magicLinkSent).waitFor();
  return { page, mail: await waitForMail(customer.email, 'Your RaffleWin sign-in link') };
}

/** Opens the link where it was asked for, and waits for the refusal `message`, word for word. */
async function openRefusedLink(page: Page, mail: ReceivedMail, message: string) {
  await page.goto(linkIn(mail, `${SHOP_URL}/auth?`));
  await page.getByRole('alert').getByText(message, { exact: true }).waitFor();
  const blamesTheLink = AUTH_MESSAGES.failedToAuthenticate(AUTH_MESSAGES.signInLinkInvalid);
  expect(await page.getByText(blamesTheLink).count()).toBe(0);
  expect(await accountMenu(page).count()).toBe(0);
}

describe('a good sign-in link the shop refuses', () => {
  it('says the account now uses two-factor when it was turned on after the link was sent', async () => {
    const customer = await newCustomer('Tara', 'Turned');
    const { page, mail } = await pageWithSignInLink(customer);
    await enrolTwoFactor(customer);

    await openRefusedLink(page, mail, TWO_FACTOR_MESSAGES.signInThroughShop);
    await page.close();
  });

  it('says the account is suspended when it was banned after the link was sent', async () => {
    const admin = await newAdmin('Bea', 'Banner');
    const customer = await newCustomer('Ben', 'Banned');
    const { page, mail } = await pageWithSignInLink(customer);
    await callOk('setUserBanned', { uid: customer.uid, banned: true, reason: 'Fraud' }, admin);

    await openRefusedLink(page, mail, ACCESS_MESSAGES.banned);
    await page.close();
  });

  it("says the address is not confirmed when the link is Firebase's own, for an account nobody confirmed", async () => {
    // Someone signs up with another person's address, then asks Firebase's API (not the shop,
    // which would send a reset) to mail that address a sign-in link; its owner opens it.
    const form = signUpForm({ email: uniqueEmail('squatted') });
    await callOk('signUp', form, undefined, { fromIp: freshIp() });
    await authApi('accounts:sendOobCode', {
      requestType: 'EMAIL_SIGNIN',
      email: form.email,
      continueUrl: `${SHOP_URL}/auth`,
      canHandleCodeInApp: true,
    });
    const oobCode = await firebaseMailedCode(form.email, 'EMAIL_SIGNIN');
    const link = new URL(`${SHOP_URL}/auth`);
    for (const [name, value] of Object.entries({
      mode: 'signIn',
      oobCode,
      apiKey: 'fake-api-key',
    })) {
      link.searchParams.set(name, value);
    }
    const page = await shop.newPage();
    await page.goto(link.toString());
    await page.getByLabel('Email').fill(form.email);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page
      .getByRole('alert')
      .getByText(AUTH_MESSAGES.signInLinkUnconfirmed, { exact: true })
      .waitFor();
    expect(await accountMenu(page).count()).toBe(0);
    const account = await adminAuth.getUserByEmail(form.email);
    expect(account.emailVerified).toBe(false);
    await page.close();
  });
});

describe('a form after it was sent', () => {
  it('shows the phone number as the shop stored it once the profile is saved', async () => {
    const customer = await newCustomer('Phoebe', 'Phone');
    const page = await shop.newPage();
    await signIn(page, customer.email, TEST_PASSWORD);
    await page.goto(`${SHOP_URL}/account/settings`);
    const phone = page.getByLabel('Phone number');
    await phone.fill('+44 7700 900 456');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(ACCOUNT_MESSAGES.profileUpdated).waitFor();
    expect((await adminDb.doc(userPath(customer.uid)).get()).get('phoneNumber')).toBe(
      '+447700900456',
    );
    expect(await phone.inputValue()).toBe('+447700900456');
    await page.close();
  });

  it('no longer says the spending limit was saved once the next try fails', async () => {
    const customer = await newCustomer('Lena', 'Limit', { spendLimitChosen: false });
    const page = await shop.newPage();
    await signIn(page, customer.email, TEST_PASSWORD);
    await page.goto(`${SHOP_URL}/responsible-play`);
    const amount = page.getByRole('textbox', { name: 'Monthly spending limit' });
    await amount.fill('20');
    await page.getByRole('button', { name: 'Save my limit' }).click();
    const saved = page.getByText('Your new limit applies now.');
    await saved.waitFor();

    allowBrowserErrors(CUT_NETWORK);
    await page.route('**/setSpendLimit', (route) => route.abort('internetdisconnected'));
    await amount.fill('10');
    await page.getByRole('button', { name: 'Save my limit' }).click();
    await page
      .getByText('Network error: Please check your connection and try again.', { exact: true })
      .waitFor();
    expect(await saved.count()).toBe(0);
    await page.getByTestId('current-limit').getByText('£20.00').waitFor();
    await page.close();
  });
});

/**
 * The page has left the account: at /auth, saying the session expired (or, for a banned
 * account, that it is suspended).
 */
async function sentToSignIn(page: Page, why: 'expired' | 'suspended' = 'expired') {
  const suspended = why === 'suspended';
  await page.waitForURL(suspended ? /\/auth\?.*expired=suspended/ : /\/auth\?.*expired=true/);
  const words = suspended ? ACCESS_MESSAGES.banned : AUTH_MESSAGES.sessionExpired;
  await page.getByText(words, { exact: true }).waitFor();
  expect(await accountMenu(page).count()).toBe(0);
}

describe('a session ended elsewhere', () => {
  const showsProfile = { text: 'Profile Settings' };

  it('signs this page out at once after “Sign out from all devices” on another', async () => {
    const customer = await newCustomer('Otis', 'Other');
    const page = await pageWhoseSessionEnds(shop, customer, '/account', {
      ready: showsProfile,
      end: () => callOk('revokeSessions', {}, customer),
    });
    await sentToSignIn(page);
    await page.close();
  });

  it('signs this page out when its own password change was refused and the sessions then end on another', async () => {
    const customer = await newCustomer('Wren', 'Wrong');
    const page = await pageWhoseSessionEnds(shop, customer, '/account/password', {
      ready: { button: 'Update Password' },
      end: async () => {},
    });
    // Refused here: nothing ended here, so the watch for an ending elsewhere stays on.
    await page.getByLabel('Current password').fill('Wrong!pass1');
    await page.getByLabel('New password', { exact: true }).fill('Another!Pass7');
    await page.getByLabel('Confirm new password').fill('Another!Pass7');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText(PASSWORD_MESSAGES.currentWrong, { exact: true }).waitFor();
    await callOk('revokeSessions', {}, customer);
    await sentToSignIn(page);
    await page.close();
  });

  it('signs this page out at once after the password is changed on another', async () => {
    const customer = await newCustomer('Cleo', 'Changed');
    const password = 'Changed!Pass9';
    const page = await pageWhoseSessionEnds(shop, customer, '/account', {
      ready: showsProfile,
      end: () =>
        callOk(
          'changePassword',
          { currentPassword: TEST_PASSWORD, password, confirmPassword: password },
          customer,
        ),
    });
    await sentToSignIn(page);
    await page.close();
  });

  it('signs a banned customer’s open page out at once', async () => {
    const [admin, customer] = await Promise.all([
      newAdmin('Bo', 'Banner'),
      newCustomer('Bea', 'Open'),
    ]);
    const page = await pageWhoseSessionEnds(shop, customer, '/account', {
      ready: showsProfile,
      end: () =>
        callOk('setUserBanned', { uid: customer.uid, banned: true, reason: 'Fraud' }, admin),
    });
    await sentToSignIn(page, 'suspended');
    await page.close();
  });

  it('signs a removed administrator out of the console at once', async () => {
    const [owner, removed] = await Promise.all([
      newAdmin('Olga', 'Owner'),
      newAdmin('Rex', 'Removed'),
    ]);
    const page = await pageWhoseSessionEnds(shop, removed, '/admin/orders', {
      ready: { text: 'Order Management' },
      end: () => callOk('setUserAdmin', { uid: removed.uid, admin: false }, owner),
    });
    await sentToSignIn(page);
    await page.close();
  });
});
