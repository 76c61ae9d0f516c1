/**
 * The Auth flows while the whole site is closed to sign-ups or in maintenance: these change
 * `settings/site` of the served project, which every browser suite reads, so they run with
 * the site-wide suites after the others (tests/support/lanes.ts).
 */
import { ACCESS_MESSAGES, AUTH_MESSAGES } from '@rafflewin/domain';
import { TEST_PASSWORD, call } from '../support/customers';
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
