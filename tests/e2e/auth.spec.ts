import {
  AUTH_TIMINGS,
  AUTH_MESSAGES,
  EMAIL_CHANGE_MESSAGES,
  PASSWORD_MESSAGES,
  RATE_LIMITS,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_MESSAGES,
  userSettingsPath,
} from '@rafflewin/domain';
import type { Page } from 'playwright-core';
import { DEMO_USERS } from '../../emulators/config';
import { adminDb, eventually, uniqueEmail } from '../support/admin';
import {
  SHOP_URL,
  seriousAccessibilityViolations,
  setNewPasswordFromMail,
  signIn,
  signInWithRecoveryCode,
  allowBrowserErrors,
  CUT_NETWORK,
  moveClockOn,
} from '../support/browser';
import { demoShopForFile } from '../support/demoShop';
import { TEST_PASSWORD, call, callOk, newCustomer } from '../support/customers';
import { linkIn, waitForMail } from '../support/mailbox';
import { customerWithUsername, fillSignInWindow, freshIp } from '../support/signUpForms';
import { enrolTwoFactor, successiveCodes } from '../support/totp';

jest.setTimeout(180_000);

const shop = demoShopForFile();
let page: Page;

beforeEach(async () => {
  page = await shop.newPage();
});

afterEach(async () => {
  await page.close();
});

const accountMenu = () => page.getByRole('button', { name: 'Account menu' });

async function signInOnAuthPage(identifier: string, password: string) {
  await page.getByLabel('Email or username').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

describe('/auth', () => {
  it('signs up, refuses sign-in until the e-mailed link confirms the address, then signs in', async () => {
    const email = uniqueEmail('browser-signup');
    await page.goto(`${SHOP_URL}/auth`);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Last name').fill('Signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone number').fill('+44 7700 900456');
    await page.getByLabel('Date of birth').fill('1992-03-04');
    await page.getByLabel('Password', { exact: true }).fill('Short1!');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByText(PASSWORD_MESSAGES.tooShort).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('Browser!Pass1');
    await page.getByLabel('Confirm password').fill('Browser!Pass2');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByText(PASSWORD_MESSAGES.mismatch).waitFor();
    await page.getByLabel('Confirm password').fill('Browser!Pass1');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByText(AUTH_MESSAGES.signUpSucceeded).waitFor();

    // Not confirmed yet: refused, with a way to get a new link.
    await page.goto(`${SHOP_URL}/auth`);
    await signInOnAuthPage(email, 'Browser!Pass1');
    await page.getByText(AUTH_MESSAGES.emailNotVerified).waitFor();
    await page.getByRole('button', { name: 'Resend confirmation email' }).waitFor();
    expect(await accountMenu().count()).toBe(0);

    const mail = await waitForMail(email, 'Confirm your RaffleWin account');
    await page.goto(linkIn(mail, `${SHOP_URL}/auth?`));
    await page.getByText(AUTH_MESSAGES.emailConfirmed).waitFor();
    await signInOnAuthPage(email, 'Browser!Pass1');
    await accountMenu().waitFor();
    await page.waitForURL(`${SHOP_URL}/`);
  });

  it('resets a forgotten password through the e-mailed link', async () => {
    const customer = await newCustomer('Fran', 'Forgot');
    await page.goto(`${SHOP_URL}/auth`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(customer.email);
    await page.getByRole('button', { name: 'Send Reset Instructions' }).click();
    await page.getByText(PASSWORD_MESSAGES.resetSent).waitFor();
    await page.getByRole('button', { name: /Resend available in \d+s/ }).waitFor();

    const mail = await waitForMail(customer.email, 'Reset your RaffleWin password');
    await setNewPasswordFromMail(page, mail, customer.email, 'Changed!Pass9');
    await page.waitForURL(`${SHOP_URL}/auth`, { timeout: 10_000 });

    await signInOnAuthPage(customer.email, 'Changed!Pass9');
    await accountMenu().waitFor();

    // The link worked once.
    await page.goto(linkIn(mail, `${SHOP_URL}/reset-password?`));
    await page.getByText(PASSWORD_MESSAGES.resetLinkInvalid).waitFor();
  });

  it('counts the button down to when the server takes another reset request, once it refused one', async () => {
    // The refusal is the callable's 429, which the browser logs.
    allowBrowserErrors(/status of 429 \(Too Many Requests\)/);
    // Three requests from elsewhere (another browser, say): this one has no countdown of its own.
    const customer = await newCustomer('Hana', 'Hasty');
    for (let i = 0; i < RATE_LIMITS.passwordReset.max; i += 1) {
      await callOk('requestPasswordReset', { email: customer.email }, undefined, {
        fromIp: freshIp(),
      });
    }
    await page.goto(`${SHOP_URL}/auth`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(customer.email);
    await page.getByRole('button', { name: 'Send Reset Instructions' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: PASSWORD_MESSAGES.resetRateLimited });
    await refusal.waitFor();
    for (const hint of PASSWORD_MESSAGES.resetRateLimitHints) {
      await refusal.getByRole('listitem').filter({ hasText: hint }).waitFor();
    }
    // The first of the three leaves the 15-minute window in a little under 15 minutes.
    const button = page.getByRole('button', { name: /^Resend available in 1[45]m \d{1,2}s$/ });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    // Kept across a reload (the form stays open: its address says so), as the countdown after a
    // sent request is.
    await page.reload();
    await button.waitFor();
  });

  it('signs out a tab that was signed in when the link reset the password, without calling it expired', async () => {
    // The reset ends every session, this tab's too: its listeners are refused meanwhile.
    allowBrowserErrors(/Missing or insufficient permissions|PERMISSION_DENIED/i, /FirebaseError/);
    const customer = await newCustomer('Rita', 'Reset');
    await signIn(page, customer.email, TEST_PASSWORD);
    await callOk('requestPasswordReset', { email: customer.email }, undefined, {
      fromIp: freshIp(),
    });
    const mail = await waitForMail(customer.email, 'Reset your RaffleWin password');
    await setNewPasswordFromMail(page, mail, customer.email, 'Changed!Pass9');
    await page.waitForURL(`${SHOP_URL}/auth`, { timeout: 10_000 });
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    expect(await accountMenu().count()).toBe(0);
    expect(await page.getByText(AUTH_MESSAGES.sessionExpired).count()).toBe(0);
    await signInOnAuthPage(customer.email, 'Changed!Pass9');
    await accountMenu().waitFor();
  });

  it('signs in with a username, and refuses a wrong password without saying which part was wrong', async () => {
    const { customer } = DEMO_USERS;
    await page.goto(`${SHOP_URL}/auth?redirect=/account`);
    await signInOnAuthPage('janesmith', 'Wrong!pass1');
    await page.getByText(AUTH_MESSAGES.invalidUsernameOrPassword).waitFor();
    await signInOnAuthPage('JaneSmith', customer.password);
    await page.waitForURL(`${SHOP_URL}/account`);
    await accountMenu().waitFor();
  });

  it('lets the owner back in from a browser they signed in with, after others sent wrong passwords', async () => {
    const customer = await customerWithUsername();
    await page.goto(`${SHOP_URL}/auth`);
    await signInOnAuthPage(customer.username, TEST_PASSWORD);
    await accountMenu().click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByRole('link', { name: 'Login' }).waitFor();

    // Someone who knows only the username fills its sign-in window.
    await fillSignInWindow((password) =>
      call('signInWithUsername', { username: customer.username, password }, undefined, {
        fromIp: freshIp(),
      }),
    );
    // In another browser even the right password waits for the window…
    const elsewhere = await shop.newPage();
    try {
      await elsewhere.goto(`${SHOP_URL}/auth`);
      await elsewhere.getByLabel('Email or username').fill(customer.username);
      await elsewhere.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
      await elsewhere.getByRole('button', { name: 'Sign In', exact: true }).click();
      await elsewhere.getByText(RATE_LIMITS.usernameSignIn.message).waitFor();
    } finally {
      await elsewhere.close();
    }
    // …but not in the one the owner signed in with before.
    await page.goto(`${SHOP_URL}/auth?redirect=/account`);
    await signInOnAuthPage(customer.username, TEST_PASSWORD);
    await page.waitForURL(`${SHOP_URL}/account`);
    await accountMenu().waitFor();
  });

  it('follows only same-site paths after sign-in, whatever the link says', async () => {
    const customer = await newCustomer('Reed', 'Redirect');
    for (const redirect of ['//evil.example', '/\t/evil.example', '/\\evil.example']) {
      const fresh = await shop.newPage();
      try {
        await fresh.goto(`${SHOP_URL}/auth?redirect=${encodeURIComponent(redirect)}`);
        await fresh.getByLabel('Email or username').fill(customer.email);
        await fresh.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
        await fresh.getByRole('button', { name: 'Sign In', exact: true }).click();
        await fresh.waitForURL(`${SHOP_URL}/`);
        await fresh.getByRole('button', { name: 'Account menu' }).waitFor();
      } finally {
        await fresh.close();
      }
    }
  });

  it('signs in with a one-time link from the e-mail', async () => {
    const customer = await newCustomer('Lee', 'Link');
    await page.goto(`${SHOP_URL}/auth?redirect=/cart`);
    await page.getByRole('button', { name: 'Email me a sign-in link instead' }).click();
    await page.getByLabel('Email').fill(customer.email);
    await page.getByRole('button', { name: 'Email Me a Sign-In Link' }).click();
    await page.getByText(AUTH_MESSAGES.magicLinkSent).waitFor();

    const mail = await waitForMail(customer.email, 'Your RaffleWin sign-in link');
    await page.goto(linkIn(mail, `${SHOP_URL}/auth?`));
    await page.waitForURL(`${SHOP_URL}/cart`);
    await accountMenu().waitFor();
  });

  it('sends an account with two-factor on to /2fa, and a code from the app lets it in', async () => {
    const customer = await newCustomer('Tom', 'Totp');
    const { nextCode } = await enrolTwoFactor(customer);

    await page.goto(`${SHOP_URL}/auth`);
    await signInOnAuthPage(customer.email, TEST_PASSWORD);
    await page.waitForURL(/\/2fa\?redirect=%2F$/);
    await page.getByLabel('Authentication code').waitFor();
    expect(page.url()).toBe(`${SHOP_URL}/2fa?redirect=%2F`);
    // The password alone signed nothing in: the browser holds no account until the code.
    expect(await accountMenu().count()).toBe(0);
    expect(
      await page.evaluate(() => sessionStorage.getItem('twoFactorChallenge')?.length ?? 0),
    ).toBeGreaterThan(0);
    // The guard keeps the account area shut until the code is verified.
    await page.goto(`${SHOP_URL}/account/password`);
    await page.waitForURL(/\/2fa\?redirect=%2Faccount%2Fpassword$/);
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Invalid verification code. Please try again.', { exact: true }).waitFor();
    // A code the server never answers: the page gives up after 10 seconds and says so. The
    // page's clock is moved on rather than waited for.
    const completion = /\/completeTwoFactorSignIn$/;
    const unanswered = page.waitForRequest(
      (request) => completion.test(request.url()) && request.method() === 'POST',
    );
    await page.route(completion, async (route) => {
      if (route.request().method() !== 'POST') await route.fallback();
    });
    await page.clock.install();
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await unanswered;
    await moveClockOn(page, AUTH_TIMINGS.twoFactorRequestTimeoutMs);
    await page.getByText(TWO_FACTOR_MESSAGES.timeout, { exact: true }).waitFor();
    await page.unroute(completion);
    await page.getByLabel('Authentication code').fill(await nextCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${SHOP_URL}/account/password`);
    await page.getByRole('heading', { name: 'Change Password' }).waitFor();
  });

  it('turns two-factor on from the Security tab after the password, showing the key and recovery codes once; a recovery code signs in once', async () => {
    const customer = await newCustomer('Ena', 'Enrol');
    await page.goto(
      `${SHOP_URL}/auth?redirect=${encodeURIComponent('/account/settings?tab=security')}`,
    );
    await signInOnAuthPage(customer.email, TEST_PASSWORD);
    await page.waitForURL(/\/account\/settings\?tab=security$/);
    await page.getByLabel('Two-factor authentication is off').check();
    // The password again first: a session left open cannot enrol its own authenticator.
    await page.getByLabel("Password (to confirm it's you)").fill('Wrong!pass1');
    await page.getByRole('button', { name: 'Continue' }).click();
    // Exactly the server's words: no HTTP status the SDK adds (" [403]").
    await page.getByText(PASSWORD_MESSAGES.currentWrong, { exact: true }).waitFor();
    await page.getByLabel("Password (to confirm it's you)").fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('totp-secret').waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const nextCode = successiveCodes(secret);
    // The setting reaches the page before its new sign-in does: that sign-in is held until the
    // server has turned two-factor on. The page waits for it rather than asking for a code
    // (before, it went to /2fa and the recovery codes were never shown).
    await page.route('**/accounts:signInWithCustomToken*', async (route) => {
      await eventually(
        async () => {
          const preferences = await adminDb.doc(userSettingsPath(customer.uid)).get();
          return preferences.get('twoFactorEnabled') === true ? true : null;
        },
        { what: 'two-factor turned on' },
      );
      await route.continue();
    });
    await page.getByLabel('Authentication code').fill(await nextCode());
    await page.getByRole('button', { name: 'Turn On' }).click();
    await page.getByText(TWO_FACTOR_MESSAGES.recoveryCodesIntro).waitFor();
    expect(page.url()).toMatch(/\/account\/settings\?tab=security$/);
    const codes = await page.getByTestId('recovery-codes').getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await page.getByLabel('Two-factor authentication is on').waitFor();
    // The key and the codes are shown only during enrolment: they go.
    await page.getByTestId('totp-secret').waitFor({ state: 'detached' });
    await page.getByTestId('recovery-codes').waitFor({ state: 'detached' });
    await page.getByText(TWO_FACTOR_MESSAGES.enabled).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const next = await shop.newPage();
    try {
      await next.goto(`${SHOP_URL}/auth`);
      // Lost the phone: a recovery code instead.
      await signInWithRecoveryCode(next, customer.email, TEST_PASSWORD, codes[0]!);
      await next.waitForURL(`${SHOP_URL}/`);
    } finally {
      await next.close();
    }
  });

  it('changes the password, then signs out and goes to /auth', async () => {
    const customer = await newCustomer('Pat', 'Password');
    await page.goto(`${SHOP_URL}/auth?redirect=/account/password`);
    await signInOnAuthPage(customer.email, TEST_PASSWORD);
    await page.getByRole('heading', { name: 'Change Password' }).waitFor();
    await page.getByLabel('Current password').fill('Wrong!pass1');
    await page.getByLabel('New password', { exact: true }).fill('Another!Pass7');
    await page.getByLabel('Confirm new password').fill('Another!Pass7');
    // A request that never reaches the server gets the network wording.
    allowBrowserErrors(CUT_NETWORK);
    await page.route('**/changePassword', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page
      .getByText('Network error: Please check your connection and try again.', { exact: true })
      .waitFor();
    await page.unroute('**/changePassword');
    await page.getByRole('button', { name: 'Update Password' }).click();
    // Exactly the server's words: no HTTP status the SDK adds (" [403]").
    await page.getByText(PASSWORD_MESSAGES.currentWrong, { exact: true }).waitFor();
    await page.getByLabel('Current password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText(PASSWORD_MESSAGES.updated).waitFor();
    await page.waitForURL(`${SHOP_URL}/auth`, { timeout: 10_000 });
    expect(await accountMenu().count()).toBe(0);
    await signInOnAuthPage(customer.email, 'Another!Pass7');
    await accountMenu().waitFor();
  });

  it('asks for an e-mail change on the Account tab, and applies it when the link sent to the new address is opened', async () => {
    const customer = await newCustomer('Eli', 'Change');
    const newEmail = uniqueEmail('browser-moved');
    await page.goto(
      `${SHOP_URL}/auth?redirect=${encodeURIComponent('/account/settings?tab=account')}`,
    );
    await signInOnAuthPage(customer.email, TEST_PASSWORD);
    await page.waitForURL(/\/account\/settings\?tab=account$/);
    await page.getByText(`Current address: ${customer.email}`, { exact: true }).waitFor();
    await page.getByLabel('New email address').fill(newEmail);
    await page.getByLabel('Current password').fill('Wrong!pass1');
    await page.getByRole('button', { name: 'Change Email' }).click();
    // Exactly the server's words, and the form kept as typed.
    await page
      .getByRole('status')
      .getByText(PASSWORD_MESSAGES.currentWrong, { exact: true })
      .waitFor();
    expect(await page.getByLabel('New email address').inputValue()).toBe(newEmail);
    await page.getByLabel('Current password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Change Email' }).click();
    await page.getByRole('status').getByText(EMAIL_CHANGE_MESSAGES.sent, { exact: true }).waitFor();
    // Sent: the form is empty again, and nothing changes until the link is opened.
    expect(await page.getByLabel('New email address').inputValue()).toBe('');
    expect((await adminDb.doc(`users/${customer.uid}`).get()).get('email')).toBe(customer.email);
    // The link opened on another device, signed out.
    await page.close();
    page = await shop.newPage();
    const mail = await waitForMail(newEmail, 'Confirm your new RaffleWin e-mail address');
    await page.goto(linkIn(mail, `${SHOP_URL}/auth?`));
    await page.getByText(EMAIL_CHANGE_MESSAGES.confirmed).waitFor();
    await signInOnAuthPage(newEmail, TEST_PASSWORD);
    await accountMenu().waitFor();
    expect((await adminDb.doc(`users/${customer.uid}`).get()).get('email')).toBe(newEmail);
  });

  it('says a confirmation link that lost its code is incomplete, rather than check it for ever', async () => {
    for (const mode of ['verifyEmail', 'verifyAndChangeEmail']) {
      await page.goto(`${SHOP_URL}/auth?mode=${mode}`);
      await page.getByRole('status').getByText(AUTH_MESSAGES.linkIncomplete).waitFor();
      expect(await page.getByText('Checking your link…').count()).toBe(0);
      await page.getByLabel('Email or username').waitFor();
    }
  });

  it('has no serious accessibility violations on the sign-in and sign-up views', async () => {
    await page.goto(`${SHOP_URL}/auth`);
    await page.getByLabel('Email or username').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Date of birth').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
