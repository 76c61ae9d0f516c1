/**
 * The Auth flows while the whole site is closed to sign-ups, in maintenance or renamed: these
 * change `settings/site` of the served project, which every browser suite reads, so they run
 * with the site-wide suites after the others (tests/support/lanes.ts).
 */
import { ACCESS_MESSAGES, AUTH_MESSAGES } from '@rafflewin/domain';
import { URLS } from '../../emulators/config';
import { adminAuth } from '../support/admin';
import { signInWithEmailLink, signInWithPassword } from '../support/authRest';
import { TEST_PASSWORD, call, callOk, newAdmin, newCustomer } from '../support/customers';
import { waitForMail } from '../support/mailbox';
import {
  accountExists,
  customerWithUsername,
  freshIp,
  signUpForm,
  withSiteSetting,
} from '../support/signUpForms';

jest.setTimeout(120_000);

describe('signUp', () => {
  it('refuses while registration is closed or the site is in maintenance', async () => {
    await withSiteSetting('registrationEnabled', false, async () => {
      const form = signUpForm();
      expect(await call('signUp', form, undefined, { fromIp: freshIp() })).toMatchObject({
        ok: false,
        message: AUTH_MESSAGES.registrationClosed,
      });
      expect(await accountExists(form.email)).toBe(false);
    });
    await withSiteSetting('maintenanceMode', true, async () => {
      const form = signUpForm();
      expect(await call('signUp', form, undefined, { fromIp: freshIp() })).toMatchObject({
        ok: false,
        message: ACCESS_MESSAGES.maintenance,
      });
      expect(await accountExists(form.email)).toBe(false);
    });
  });
});

describe('signInWithUsername', () => {
  it('refuses customers during maintenance', async () => {
    const customer = await customerWithUsername();
    await withSiteSetting('maintenanceMode', true, async () => {
      expect(
        await call(
          'signInWithUsername',
          { username: customer.username, password: TEST_PASSWORD },
          undefined,
          { fromIp: freshIp() },
        ),
      ).toMatchObject({ ok: false, message: ACCESS_MESSAGES.maintenance });
    });
  });
});

describe("Firebase Auth's own sign-in during maintenance", () => {
  it('signs no customer in at any of Auth’s doors, and administrators as before', async () => {
    const [customer, admin, demoted] = await Promise.all([
      newCustomer('Cara', 'Closed'),
      newAdmin('Ada', 'Open'),
      newAdmin('Dem', 'Oted'),
    ]);
    await adminAuth.setCustomUserClaims(demoted.uid, {});
    const link = await adminAuth.generateSignInWithEmailLink(customer.email, {
      url: `${URLS.shop}/auth`,
      handleCodeInApp: true,
    });
    const oobCode = new URL(link).searchParams.get('oobCode')!;

    await withSiteSetting('maintenanceMode', true, async () => {
      // A script with the web API key, past the shop's sign-in: a password or an e-mailed link
      // gets no session, nor does a demoted administrator's password. (The emulator runs no
      // blocking function for custom tokens; the server mints them only past the same check.)
      const attempts = [
        () => signInWithPassword(customer.email, TEST_PASSWORD),
        () => signInWithEmailLink(customer.email, oobCode),
        () => signInWithPassword(demoted.email, TEST_PASSWORD),
      ];
      const answers = await Promise.all(
        attempts.map((attempt) =>
          attempt().then(
            () => 'signed in',
            (error: Error) =>
              error.message.includes(ACCESS_MESSAGES.maintenance) ? 'refused' : error.message,
          ),
        ),
      );
      expect(answers).toEqual(['refused', 'refused', 'refused']);
      expect((await signInWithPassword(admin.email, TEST_PASSWORD)).localId).toBe(admin.uid);

      // The shop's own sign-in says so only once the password is right.
      const shopSignIn = (password: string) =>
        call('signInWithPassword', { email: customer.email, password }, undefined, {
          fromIp: freshIp(),
        });
      expect(await shopSignIn(TEST_PASSWORD)).toMatchObject({
        ok: false,
        message: ACCESS_MESSAGES.maintenance,
      });
      expect(await shopSignIn('Wrong!pass1')).toMatchObject({
        ok: false,
        message: AUTH_MESSAGES.invalidEmailOrPassword,
      });
    });

    expect((await signInWithPassword(customer.email, TEST_PASSWORD)).localId).toBe(customer.uid);
  });
});

describe('the shop’s name', () => {
  it('is the one Site Settings gives, in e-mails and in the authenticator app', async () => {
    const customer = await newCustomer('Nina', 'Named');
    await withSiteSetting('siteName', 'Lucky Dip & Co', async () => {
      await callOk('requestPasswordReset', { email: customer.email }, undefined, {
        fromIp: freshIp(),
      });
      const mail = await waitForMail(customer.email, 'Reset your Lucky Dip & Co password');
      expect(mail.text).toContain(
        'We received a request to reset the password of your Lucky Dip & Co account.',
      );
      expect(mail.text).toContain('The Lucky Dip & Co team');
      expect(mail.html).toContain('<p>The Lucky Dip &#38; Co team</p>');
      // The words above the company line (which names the registered company, as set).
      const [words, footer] = mail.text.split('\n--\n');
      const htmlWords = (mail.html ?? '').split('<hr>')[0]!;
      for (const part of [mail.subject, words!, htmlWords]) {
        expect(part).not.toMatch(/RaffleWin|\[shop name\]/);
      }
      expect(footer?.trim()).toBeTruthy();

      const start = await callOk(
        'startTwoFactorEnrolment',
        { currentPassword: TEST_PASSWORD },
        customer,
      );
      expect(start.otpauthUri).toMatch(/^otpauth:\/\/totp\/Lucky%20Dip%20%26%20Co:/);
      expect(new URL(start.otpauthUri).searchParams.get('issuer')).toBe('Lucky Dip & Co');
    });
  });
});
