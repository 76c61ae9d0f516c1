/**
 * Two-factor at Firebase Auth's own door: an account with two-factor on gets no token of any
 * kind from its first factor alone (a password or an e-mailed link), so the password alone
 * cannot change its password or address or delete it through Auth's account API; the shop
 * checks the password itself and issues the one token once the code is checked. A password
 * Auth sets past the shop (its own reset e-mail) is noticed, and neither password is taken.
 * Over HTTP: the Auth emulator runs the blocking functions only for the project the emulators
 * serve.
 */
import {
  ACCESS_MESSAGES,
  AUTH_MESSAGES,
  PASSWORD_MESSAGES,
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_SESSION_CLAIM,
  devicesPath,
  signInDevicesPath,
  userPath,
} from '@rafflewin/domain';
import { URLS } from '../../emulators/config';
import { adminAuth, adminDb } from '../support/admin';
import {
  claimsOf,
  firebaseMailedCode,
  post as authApi,
  readAs,
  signInWithEmailLink,
  signInWithPassword,
} from '../support/authRest';
import {
  TEST_PASSWORD,
  call,
  callOk,
  newCustomer,
  signInAgain,
  signInWithToken,
  type Customer,
} from '../support/customers';
import { mailTo, waitForMail } from '../support/mailbox';
import {
  PASSWORD_CHANGED_OUTSIDE,
  fillSignInWindow,
  freshIp,
  resetThroughShop,
  signInFromFreshIp,
} from '../support/signUpForms';
import { successiveCodes } from '../support/totp';

jest.setTimeout(120_000);

const NEW_PASSWORD = 'N3w!passWord';

/** A money path: requireCustomer runs before the (unknown) raffle is looked up. */
const checkout = (customer: Customer) =>
  call('startCheckout', { items: [{ raffleId: 'no-such-raffle', quantity: 1 }] }, customer);

/** An account that turned two-factor on through the shop, and its next codes. */
async function enrolled() {
  const customer = await newCustomer('Tara', 'Twofactor');
  const { secret } = await callOk(
    'startTwoFactorEnrolment',
    { currentPassword: TEST_PASSWORD },
    customer,
  );
  const nextCode = successiveCodes(secret);
  const { customToken, recoveryCodes } = await callOk(
    'confirmTwoFactorEnrolment',
    { code: await nextCode() },
    customer,
  );
  return {
    customer,
    secret,
    nextCode,
    recoveryCodes,
    signedIn: await signInWithToken(customToken),
  };
}

/** The shop's sign-in: password, then code; answers what the code step answers. */
async function bothFactors(email: string, password: string, code: string, devices?: string[]) {
  const first = await callOk('signInWithPassword', { email, password, devices }, undefined, {
    fromIp: freshIp(),
  });
  if (!('twoFactorChallenge' in first)) throw new Error('expected a two-factor challenge');
  return callOk('completeTwoFactorSignIn', { challenge: first.twoFactorChallenge, code });
}

/** The shop's sign-in with both factors: the session the browser would hold. */
async function signInWithBothFactors(email: string, password: string, code: string) {
  return signInWithToken((await bothFactors(email, password, code)).customToken);
}

describe('enrolment', () => {
  it('takes the current password, checked on the server, and shows the secret once', async () => {
    const customer = await newCustomer('Enzo', 'Enrol');
    expect(
      await call('startTwoFactorEnrolment', { currentPassword: 'Wrong!pass1' }, customer),
    ).toEqual({
      ok: false,
      status: 'PERMISSION_DENIED',
      message: PASSWORD_MESSAGES.currentWrong,
    });
    expect((await adminDb.doc(`twoFactorSecrets/${customer.uid}`).get()).exists).toBe(false);

    const start = await callOk(
      'startTwoFactorEnrolment',
      { currentPassword: TEST_PASSWORD },
      customer,
    );
    expect(start.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(start.otpauthUri).toContain(`secret=${start.secret}`);
    expect(start.otpauthUri).toMatch(/^otpauth:\/\/totp\/RaffleWin:/);
    const stored = await adminDb.doc(`twoFactorSecrets/${customer.uid}`).get();
    expect(stored.get('passwordHash')).toMatch(/^scrypt\$/);
    expect(JSON.stringify(stored.data())).not.toContain(TEST_PASSWORD);
  });

  it("revokes the account's refresh tokens and answers this browser's verified sign-in", async () => {
    const { customer, signedIn } = await enrolled();
    const { tokensValidAfterTime } = await adminAuth.getUser(customer.uid);
    expect(Date.parse(tokensValidAfterTime!)).toBeGreaterThan(Date.now() - 60_000);
    expect(claimsOf(signedIn.idToken)[TWO_FACTOR_SESSION_CLAIM]).toMatch(/^[A-Z2-7]{20}$/);
    expect(await checkout(signedIn)).not.toMatchObject({
      message: ACCESS_MESSAGES.twoFactorRequired,
    });
    expect(
      await call('startTwoFactorEnrolment', { currentPassword: TEST_PASSWORD }, signedIn),
    ).toMatchObject({ ok: false, message: TWO_FACTOR_MESSAGES.alreadyEnabled });
  });
});

describe('enrolment on one device', () => {
  it('ends the others at the rules and for push too; this browser’s new sign-in goes on', async () => {
    const customer = await newCustomer('Odile', 'Otherdevice');
    // Another device, signed in with the password alone, with push on.
    const other = await signInAgain(customer);
    const device = adminDb.collection(devicesPath(customer.uid)).doc('other-phone');
    await device.set({ token: 'other-phone-token', label: 'Phone', createdAt: new Date() });
    expect(await readAs(other.idToken, userPath(customer.uid))).toBe(200);
    // This browser's own device, with push on too: it goes on signed in, so its device stays.
    const { deviceId } = await callOk(
      'registerDevice',
      { token: `this-browser-${customer.uid}`, label: 'Laptop' },
      customer,
    );

    const { secret } = await callOk(
      'startTwoFactorEnrolment',
      { currentPassword: TEST_PASSWORD },
      customer,
    );
    const { customToken } = await callOk(
      'confirmTwoFactorEnrolment',
      { code: await successiveCodes(secret)(), keepDeviceId: deviceId },
      customer,
    );
    const signedIn = await signInWithToken(customToken);

    expect(await readAs(other.idToken, userPath(customer.uid))).toBe(403);
    expect((await device.get()).exists).toBe(false);
    const devices = await adminDb.collection(devicesPath(customer.uid)).get();
    expect(devices.docs.map((doc) => doc.id)).toEqual([deviceId]);
    expect(await readAs(signedIn.idToken, userPath(customer.uid))).toBe(200);
  });
});

describe("Firebase Auth's own door", () => {
  it('never signs the account in with its password alone', async () => {
    const { customer } = await enrolled();
    await expect(signInWithPassword(customer.email, TEST_PASSWORD)).rejects.toThrow(
      TWO_FACTOR_MESSAGES.signInThroughShop,
    );
    // A wrong password is still just wrong.
    await expect(signInWithPassword(customer.email, 'Wrong!pass1')).rejects.toThrow(
      'INVALID_PASSWORD',
    );
  });

  it('never signs it in with an e-mailed link, and the shop sends none', async () => {
    const { customer } = await enrolled();
    const link = await adminAuth.generateSignInWithEmailLink(customer.email, {
      url: `${URLS.shop}/auth`,
      handleCodeInApp: true,
    });
    const oobCode = new URL(link).searchParams.get('oobCode')!;
    await expect(signInWithEmailLink(customer.email, oobCode)).rejects.toThrow(
      TWO_FACTOR_MESSAGES.signInThroughShop,
    );

    const answer = await callOk(
      'requestSignInLink',
      { email: customer.email, redirect: null },
      undefined,
      { fromIp: freshIp() },
    );
    expect(answer.message).toBe(AUTH_MESSAGES.magicLinkSent);
    const mail = await waitForMail(customer.email, 'Your RaffleWin sign-in link');
    expect(mail.text).toContain('sign-in links are turned off');
    expect(mail.text).not.toContain('oobCode');
  });

  it('lets an account without two-factor sign in with its password as before', async () => {
    const customer = await newCustomer('Noah', 'Nofactor');
    expect((await signInWithPassword(customer.email, TEST_PASSWORD)).localId).toBe(customer.uid);
    const answer = await callOk(
      'signInWithPassword',
      { email: customer.email, password: TEST_PASSWORD },
      undefined,
      { fromIp: freshIp() },
    );
    expect(Object.keys(answer).sort()).toEqual(['customToken', 'signInDevice']);
  });
});

describe("the shop's sign-in with both factors", () => {
  it('gives a token only for the password and the code together', async () => {
    const { customer, nextCode } = await enrolled();
    expect(
      await call(
        'signInWithPassword',
        { email: customer.email, password: 'Wrong!pass1' },
        undefined,
        { fromIp: freshIp() },
      ),
    ).toEqual({
      ok: false,
      status: 'UNAUTHENTICATED',
      message: AUTH_MESSAGES.invalidEmailOrPassword,
    });
    const session = await signInWithBothFactors(customer.email, TEST_PASSWORD, await nextCode());
    expect(session.uid).toBe(customer.uid);
    expect(await checkout(session)).not.toMatchObject({
      message: ACCESS_MESSAGES.twoFactorRequired,
    });
    expect(await mailTo(customer.email)).not.toContainEqual(
      expect.objectContaining({ subject: 'Recovery code used' }),
    );
  });

  it('makes the browser known for signing in once the code is right, and keeps one record for it', async () => {
    const { customer, nextCode, recoveryCodes } = await enrolled();
    const signIn = (password: string, devices?: string[]) =>
      call('signInWithPassword', { email: customer.email, password, devices }, undefined, {
        fromIp: freshIp(),
      });
    const first = await signIn(TEST_PASSWORD);
    // The password alone makes nothing known.
    expect(first.ok && Object.keys(first.result)).toEqual(['twoFactorChallenge']);
    // A recovery code here: two authenticator codes after the enrolment's would run ahead of
    // the server's clock unless a 30-second step passed between them.
    const { signInDevice } = await bothFactors(customer.email, TEST_PASSWORD, recoveryCodes[0]!);

    // Others fill the address's window with wrong passwords: this browser still gets its step.
    await fillSignInWindow((password) => signIn(password));
    expect(await signIn(TEST_PASSWORD)).toMatchObject({ status: 'RESOURCE_EXHAUSTED' });
    const again = await bothFactors(customer.email, TEST_PASSWORD, await nextCode(), [
      signInDevice,
    ]);
    expect(again.signInDevice).not.toBe(signInDevice);
    const records = await adminDb.collection(signInDevicesPath(customer.uid)).get();
    expect(records.size).toBe(1);
  });

  it('checks a changed password itself: the old one stops, the new one works', async () => {
    const { customer, nextCode, signedIn } = await enrolled();
    await callOk(
      'changePassword',
      { currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      signedIn,
    );
    expect(
      await call(
        'signInWithPassword',
        { email: customer.email, password: TEST_PASSWORD },
        undefined,
        { fromIp: freshIp() },
      ),
    ).toMatchObject({ ok: false, message: AUTH_MESSAGES.invalidEmailOrPassword });
    const session = await signInWithBothFactors(customer.email, NEW_PASSWORD, await nextCode());
    expect(session.uid).toBe(customer.uid);
    // Still never by the password alone at Firebase Auth.
    await expect(signInWithPassword(customer.email, NEW_PASSWORD)).rejects.toThrow(
      TWO_FACTOR_MESSAGES.signInThroughShop,
    );
  });
});

describe("a password set at Firebase Auth's own door", () => {
  const THIRD_PASSWORD = 'Thi3d!passWord';

  it('is taken by neither the old nor the new password until the shop’s reset sets one', async () => {
    const { customer, nextCode } = await enrolled();
    // Firebase Auth's own reset e-mail (its template, not the shop's), used on its own page.
    await authApi('accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email: customer.email });
    const oobCode = await firebaseMailedCode(customer.email, 'PASSWORD_RESET');
    await authApi('accounts:resetPassword', { oobCode, newPassword: NEW_PASSWORD });

    expect(await signInFromFreshIp(customer.email, TEST_PASSWORD)).toEqual(
      PASSWORD_CHANGED_OUTSIDE,
    );
    expect(await signInFromFreshIp(customer.email, NEW_PASSWORD)).toEqual(PASSWORD_CHANGED_OUTSIDE);
    // Anyone typing neither learns nothing of it.
    expect(await signInFromFreshIp(customer.email, 'Any0ther!guess')).toMatchObject({
      ok: false,
      message: AUTH_MESSAGES.invalidEmailOrPassword,
    });

    // The shop's own reset sets a password the shop checks again, with the code.
    await resetThroughShop(customer.email, THIRD_PASSWORD);
    expect(await signInFromFreshIp(customer.email, NEW_PASSWORD)).toMatchObject({
      message: AUTH_MESSAGES.invalidEmailOrPassword,
    });
    const session = await signInWithBothFactors(customer.email, THIRD_PASSWORD, await nextCode());
    expect(session.uid).toBe(customer.uid);
  });

  it('is caught the same way when a signed-in session sets it through Auth’s account API', async () => {
    const { customer, signedIn } = await enrolled();
    await authApi('accounts:update', { idToken: signedIn.idToken, password: NEW_PASSWORD });
    expect(await signInFromFreshIp(customer.email, TEST_PASSWORD)).toEqual(
      PASSWORD_CHANGED_OUTSIDE,
    );
    expect(await signInFromFreshIp(customer.email, NEW_PASSWORD)).toEqual(PASSWORD_CHANGED_OUTSIDE);
    // The shop's own change keeps taking its password as before.
    const other = await enrolled();
    await callOk(
      'changePassword',
      { currentPassword: TEST_PASSWORD, password: THIRD_PASSWORD, confirmPassword: THIRD_PASSWORD },
      other.signedIn,
    );
    const session = await signInWithBothFactors(
      other.customer.email,
      THIRD_PASSWORD,
      await other.nextCode(),
    );
    expect(session.uid).toBe(other.customer.uid);
  });
});
