import {
  ACCESS_MESSAGES,
  AUTH_MESSAGES,
  DEFAULT_USER_SETTINGS,
  EMAIL_CHANGE_MESSAGES,
  PASSWORD_MESSAGES,
  RATE_LIMITED,
  RATE_LIMITS,
  SIGN_UP_MESSAGES,
  latestBirthDateForAge,
  notificationsPath,
  userPath,
  userSettingsPath,
  type SignUpInput,
} from '@rafflewin/domain';
import { URLS } from '../../emulators/config';
import { adminAuth, adminDb, eventually, uniqueEmail } from '../support/admin';
import {
  applyActionCode,
  claimsOf,
  firebaseMailedCode,
  post,
  refreshIdToken,
  signInWithCustomToken,
  signInWithEmailLink,
  signInWithPassword,
  signUpWithPassword,
} from '../support/authRest';
import { TEST_PASSWORD, call, callOk, newCustomer } from '../support/customers';
import { linkIn, mailTo, waitForMail } from '../support/mailbox';
import {
  PASSWORD_CHANGED_OUTSIDE,
  accountExists,
  customerWithUsername,
  freshIp,
  resetThroughShop,
  signInFromFreshIp,
  signUpForm,
} from '../support/signUpForms';

import { SIGN_UP_ANSWER_FLOOR_MS } from '../../functions/src/services/auth/signUp';

jest.setTimeout(120_000);

const NEW_PASSWORD = 'N3w!passWord';

/** Revocation counts whole seconds: a session must start before the second it is revoked in. */

/** The session's tokens were revoked (signed out everywhere): the server refuses them. */
async function expectRevoked(idToken: string) {
  await expect(adminAuth.verifyIdToken(idToken, true)).rejects.toMatchObject({
    code: 'auth/id-token-revoked',
  });
}

describe('signUp', () => {
  it('creates the account unverified with its profile, and e-mails a confirmation link', async () => {
    const form = signUpForm({ email: uniqueEmail('NewPerson').replace('newperson', 'NewPerson') });
    const result = await callOk('signUp', form, undefined, {
      fromIp: freshIp(),
    });
    expect(result.message).toBe(AUTH_MESSAGES.signUpSucceeded);

    const email = form.email.toLowerCase();
    const user = await adminAuth.getUserByEmail(email);
    expect(user.emailVerified).toBe(false);
    expect(user.displayName).toBe('Ada Lovelace');
    const profile = await eventually(async () =>
      (await adminDb.doc(userPath(user.uid)).get()).data(),
    );
    expect(profile).toMatchObject({
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      phoneNumber: '+447700900123',
      dateOfBirth: '1990-12-10',
      banned: false,
    });
    expect((await adminDb.doc(userSettingsPath(user.uid)).get()).data()).toEqual(
      DEFAULT_USER_SETTINGS,
    );

    const mail = await waitForMail(email, 'Confirm your RaffleWin account');
    // The address may be anyone's: nothing typed at sign-up (the name) is repeated to it.
    expect(mail.text).toMatch(/^Hello,\n/);
    expect(mail.text).not.toContain('Ada');
    const link = new URL(linkIn(mail, `${URLS.shop}/auth?`));
    expect(link.searchParams.get('mode')).toBe('verifyEmail');
    expect(link.searchParams.get('apiKey')).toBeTruthy();
    await applyActionCode(link.searchParams.get('oobCode')!);
    expect((await adminAuth.getUser(user.uid)).emailVerified).toBe(true);
  });

  it.each<[string, Partial<SignUpInput>, string]>([
    ['a missing first name', { firstName: ' ' }, SIGN_UP_MESSAGES.fullName],
    ['a missing last name', { lastName: '' }, SIGN_UP_MESSAGES.fullName],
    ['an invalid e-mail', { email: 'not-an-email' }, SIGN_UP_MESSAGES.email],
    ['a phone without +44', { phoneNumber: '07700900123' }, SIGN_UP_MESSAGES.phone],
    ['a phone with 9 digits', { phoneNumber: '+44770090012' }, SIGN_UP_MESSAGES.phone],
    ['no date of birth', { dateOfBirth: '' }, SIGN_UP_MESSAGES.dateOfBirthRequired],
    ['an impossible date', { dateOfBirth: '1990-02-30' }, SIGN_UP_MESSAGES.dateOfBirthInvalid],
    [
      'someone not yet 18',
      {
        dateOfBirth: (() => {
          const d = new Date(`${latestBirthDateForAge(new Date())}T00:00:00Z`);
          d.setUTCDate(d.getUTCDate() + 2);
          return d.toISOString().slice(0, 10);
        })(),
      },
      SIGN_UP_MESSAGES.underage,
    ],
    [
      'a short password',
      { password: 'S0rt!', confirmPassword: 'S0rt!' },
      PASSWORD_MESSAGES.tooShort,
    ],
    [
      'no uppercase',
      { password: 'str0ng!pass', confirmPassword: 'str0ng!pass' },
      PASSWORD_MESSAGES.needsUppercase,
    ],
    [
      'no lowercase',
      { password: 'STR0NG!PASS', confirmPassword: 'STR0NG!PASS' },
      PASSWORD_MESSAGES.needsLowercase,
    ],
    [
      'no number',
      { password: 'Strong!pass', confirmPassword: 'Strong!pass' },
      PASSWORD_MESSAGES.needsNumber,
    ],
    [
      'no special character',
      { password: 'Str0ngpass', confirmPassword: 'Str0ngpass' },
      PASSWORD_MESSAGES.needsSpecial,
    ],
    ['a different confirmation', { confirmPassword: 'Str0ng!pasS' }, PASSWORD_MESSAGES.mismatch],
  ])('refuses %s with its message and creates nothing', async (_what, change, message) => {
    const form = signUpForm(change);
    expect(await call('signUp', form, undefined, { fromIp: freshIp() })).toEqual({
      ok: false,
      status: 'INVALID_ARGUMENT',
      message,
    });
    if (form.email.includes('@')) expect(await accountExists(form.email)).toBe(false);
  });

  it('answers an address that has an account the same way, as late, creating nothing and telling its owner', async () => {
    const existing = await newCustomer('Owen', 'Existing');
    const before = (await adminAuth.getUserByEmail(existing.email)).uid;
    const started = Date.now();
    const result = await callOk(
      'signUp',
      signUpForm({ email: existing.email.toUpperCase() }),
      undefined,
      { fromIp: freshIp() },
    );
    // Only e-mailing the owner is quicker than making an account: the answer waits as long as
    // making one would, so its time does not tell that the address has an account.
    expect(Date.now() - started).toBeGreaterThanOrEqual(SIGN_UP_ANSWER_FLOOR_MS);
    expect(result.message).toBe(AUTH_MESSAGES.signUpSucceeded);
    expect((await adminAuth.getUserByEmail(existing.email)).uid).toBe(before);
    await waitForMail(existing.email, 'You already have a RaffleWin account');
  });

  it('counts the addresses of one IPv6 network (its /64) as one towards the limit', async () => {
    const network = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    for (let i = 1; i <= RATE_LIMITS.signUp.max; i += 1) {
      await callOk('signUp', signUpForm(), undefined, { fromIp: `${network}::${i.toString(16)}` });
    }
    expect(
      await call('signUp', signUpForm(), undefined, { fromIp: `${network}:ffff:1:2:3` }),
    ).toEqual({ ok: false, status: 'RESOURCE_EXHAUSTED', message: RATE_LIMITS.signUp.message });
    // Another network is not held up by it.
    await callOk('signUp', signUpForm(), undefined, { fromIp: `${network.slice(0, -1)}8::1` });
  });

  it('refuses the sign-up after the limit for one address', async () => {
    const existing = await newCustomer('Rae', 'Repeat');
    for (let i = 0; i < RATE_LIMITS.signUp.max; i += 1) {
      await callOk('signUp', signUpForm({ email: existing.email }), undefined, {
        fromIp: freshIp(),
      });
    }
    expect(
      await call('signUp', signUpForm({ email: existing.email }), undefined, { fromIp: freshIp() }),
    ).toEqual({ ok: false, status: 'RESOURCE_EXHAUSTED', message: RATE_LIMITS.signUp.message });
  });
});

describe('signInWithUsername', () => {
  it('answers a custom token for the account, and never an e-mail address', async () => {
    const customer = await customerWithUsername();
    const answer = await call(
      'signInWithUsername',
      { username: customer.username.toUpperCase(), password: TEST_PASSWORD },
      undefined,
      { fromIp: freshIp() },
    );
    expect(answer.ok).toBe(true);
    expect(JSON.stringify(answer)).not.toContain('@');
    if (!answer.ok) return;
    expect(Object.keys(answer.result).sort()).toEqual(['customToken', 'signInDevice']);
    if (!('customToken' in answer.result)) return;
    const session = await signInWithCustomToken(answer.result.customToken);
    expect(claimsOf(session.idToken).user_id).toBe(customer.uid);
    expect(claimsOf(session.idToken)).toMatchObject({ email_verified: true });
  });

  it('answers an unknown username and a wrong password identically', async () => {
    const customer = await customerWithUsername();
    const wrongPassword = await call(
      'signInWithUsername',
      { username: customer.username, password: 'Wrong!pass1' },
      undefined,
      { fromIp: freshIp() },
    );
    const unknown = await call(
      'signInWithUsername',
      { username: `nobody_${Date.now()}`, password: TEST_PASSWORD },
      undefined,
      { fromIp: freshIp() },
    );
    const expected = {
      ok: false,
      status: 'UNAUTHENTICATED',
      message: AUTH_MESSAGES.invalidUsernameOrPassword,
    };
    expect(wrongPassword).toEqual(expected);
    expect(unknown).toEqual(expected);
    expect(JSON.stringify([wrongPassword, unknown])).not.toContain(customer.email);
  });

  it('refuses a username after the limit of attempts, even with the right password', async () => {
    const customer = await customerWithUsername();
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS.usernameSignIn.max; i += 1) {
      await call(
        'signInWithUsername',
        { username: customer.username, password: `Wrong!${i}x` },
        undefined,
        {
          fromIp: ip,
        },
      );
    }
    expect(
      await call(
        'signInWithUsername',
        { username: customer.username, password: TEST_PASSWORD },
        undefined,
        { fromIp: freshIp() },
      ),
    ).toEqual({
      ok: false,
      status: 'RESOURCE_EXHAUSTED',
      message: RATE_LIMITS.usernameSignIn.message,
    });
  });
});

describe('one sign-in window per account', () => {
  it('counts wrong passwords sent by address and by username together', async () => {
    const customer = await customerWithUsername();
    const signIn = (byAddress: boolean, password: string) =>
      byAddress
        ? call('signInWithPassword', { email: customer.email, password }, undefined, {
            fromIp: freshIp(),
          })
        : call('signInWithUsername', { username: customer.username, password }, undefined, {
            fromIp: freshIp(),
          });
    // Before, each kind of name had a window of its own: twice the guesses.
    for (let i = 0; i < RATE_LIMITS.usernameSignIn.max; i += 1) {
      expect(await signIn(i % 2 === 0, `Wrong!${i}x`)).toMatchObject({ status: 'UNAUTHENTICATED' });
    }
    for (const byAddress of [true, false]) {
      expect(await signIn(byAddress, TEST_PASSWORD)).toEqual({
        ok: false,
        status: 'RESOURCE_EXHAUSTED',
        message: RATE_LIMITS.usernameSignIn.message,
      });
    }
  });
});

describe('requestPasswordReset and completePasswordReset', () => {
  it('e-mails a link to /reset-password whose code sets a new password checked on the server', async () => {
    const customer = await newCustomer('Rita', 'Reset');
    const before = await signInWithPassword(customer.email, TEST_PASSWORD);
    const answer = await callOk(
      'requestPasswordReset',
      { email: customer.email.toUpperCase() },
      undefined,
      { fromIp: freshIp() },
    );
    expect(answer.message).toBe(PASSWORD_MESSAGES.resetSent);
    const mail = await waitForMail(customer.email, 'Reset your RaffleWin password');
    const link = new URL(linkIn(mail, `${URLS.shop}/reset-password?`));
    expect(link.searchParams.get('mode')).toBe('resetPassword');
    const oobCode = link.searchParams.get('oobCode')!;

    expect(
      await call('completePasswordReset', {
        oobCode,
        password: 'weakpass',
        confirmPassword: 'weakpass',
      }),
    ).toMatchObject({ ok: false, message: PASSWORD_MESSAGES.needsUppercase });
    expect(
      await call('completePasswordReset', {
        oobCode,
        password: NEW_PASSWORD,
        confirmPassword: `${NEW_PASSWORD}x`,
      }),
    ).toMatchObject({ ok: false, message: PASSWORD_MESSAGES.mismatch });

    await callOk('completePasswordReset', {
      oobCode,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    await expect(signInWithPassword(customer.email, TEST_PASSWORD)).rejects.toThrow();
    expect((await signInWithPassword(customer.email, NEW_PASSWORD)).localId).toBe(customer.uid);
    await expectRevoked(before.idToken);
    await waitForMail(customer.email, 'Your RaffleWin password was changed');

    expect(
      await call('completePasswordReset', {
        oobCode,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      }),
    ).toMatchObject({ ok: false, message: PASSWORD_MESSAGES.resetLinkInvalid });
  });

  it('answers an unknown address the same way and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const answer = await callOk('requestPasswordReset', { email }, undefined, {
      fromIp: freshIp(),
    });
    expect(answer.message).toBe(PASSWORD_MESSAGES.resetSent);
    // The request has returned, so anything it queued is in the outbox already.
    expect((await adminDb.collection('mail').where('to', '==', email).get()).empty).toBe(true);
    expect(await mailTo(email)).toEqual([]);
  });

  it("refuses a missing or invalid address with the shop's messages", async () => {
    expect(await call('requestPasswordReset', { email: ' ' })).toMatchObject({
      ok: false,
      message: PASSWORD_MESSAGES.resetEmailRequired,
    });
    expect(await call('requestPasswordReset', { email: 'nope' })).toMatchObject({
      ok: false,
      message: PASSWORD_MESSAGES.resetEmailInvalid,
    });
  });

  it('refuses the request after the limit for one address, saying when to ask again', async () => {
    const email = uniqueEmail('hasty');
    const firstAsked = Date.now();
    for (let i = 0; i < RATE_LIMITS.passwordReset.max; i += 1) {
      await callOk('requestPasswordReset', { email }, undefined, { fromIp: freshIp() });
    }
    const refused = await call('requestPasswordReset', { email }, undefined, { fromIp: freshIp() });
    expect(refused).toEqual({
      ok: false,
      status: 'RESOURCE_EXHAUSTED',
      message: PASSWORD_MESSAGES.resetRateLimited,
      details: { reason: RATE_LIMITED, retryAfterSeconds: expect.any(Number) as number },
    });
    // The window has room again once the first request has left it: 15 minutes after it.
    if (refused.ok) throw new Error('The request after the limit was answered');
    const wait = (refused.details as { retryAfterSeconds: number }).retryAfterSeconds;
    const windowSeconds = RATE_LIMITS.passwordReset.windowMs / 1000;
    const sinceFirst = (Date.now() - firstAsked) / 1000;
    expect(wait).toBeLessThanOrEqual(windowSeconds);
    expect(wait).toBeGreaterThanOrEqual(Math.floor(windowSeconds - sinceFirst) - 1);
  });
});

describe('requestSignInLink', () => {
  it('e-mails a one-time link to /auth that signs the account in', async () => {
    const customer = await newCustomer('Lina', 'Link');
    const answer = await callOk(
      'requestSignInLink',
      { email: customer.email, redirect: '/account' },
      undefined,
      { fromIp: freshIp() },
    );
    expect(answer.message).toBe(AUTH_MESSAGES.magicLinkSent);
    const mail = await waitForMail(customer.email, 'Your RaffleWin sign-in link');
    const link = new URL(linkIn(mail, `${URLS.shop}/auth?`));
    expect(link.searchParams.get('mode')).toBe('signIn');
    expect(link.searchParams.get('redirect')).toBe('/account');
    const session = await signInWithEmailLink(customer.email, link.searchParams.get('oobCode')!);
    expect(session.localId).toBe(customer.uid);
  });

  it('sends an unconfirmed account a new password instead, ending the sessions of whoever chose it', async () => {
    // Someone signs up with another person's address and keeps a session: a sign-in link would
    // confirm the address for them, their password and session included.
    const form = signUpForm({ email: uniqueEmail('squatted') });
    await callOk('signUp', form, undefined, { fromIp: freshIp() });
    const squatter = await signInWithPassword(form.email, form.password);
    const answer = await callOk(
      'requestSignInLink',
      { email: form.email, redirect: null },
      undefined,
      {
        fromIp: freshIp(),
      },
    );
    expect(answer.message).toBe(AUTH_MESSAGES.magicLinkSent);
    const mail = await waitForMail(form.email, 'Your RaffleWin sign-in link');
    expect(mail.text).toContain('This e-mail address has not been confirmed yet');
    expect(() => linkIn(mail, `${URLS.shop}/auth?`)).toThrow();
    const link = new URL(linkIn(mail, `${URLS.shop}/reset-password?`));
    await callOk('completePasswordReset', {
      oobCode: link.searchParams.get('oobCode')!,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    await expectRevoked(squatter.idToken);
    await expect(signInWithPassword(form.email, form.password)).rejects.toThrow();
    expect((await signInWithPassword(form.email, NEW_PASSWORD)).localId).toBe(squatter.localId);
  });

  it('answers an address without an account the same way, creating no account', async () => {
    const email = uniqueEmail('stranger');
    const answer = await callOk('requestSignInLink', { email, redirect: null }, undefined, {
      fromIp: freshIp(),
    });
    expect(answer.message).toBe(AUTH_MESSAGES.magicLinkSent);
    expect((await adminDb.collection('mail').where('to', '==', email).get()).empty).toBe(true);
    expect(await accountExists(email)).toBe(false);
  });

  it('refuses the request after the limit for one address', async () => {
    const email = uniqueEmail('linky');
    for (let i = 0; i < RATE_LIMITS.magicLink.max; i += 1) {
      await callOk('requestSignInLink', { email, redirect: null }, undefined, {
        fromIp: freshIp(),
      });
    }
    expect(
      await call('requestSignInLink', { email, redirect: null }, undefined, { fromIp: freshIp() }),
    ).toEqual({ ok: false, status: 'RESOURCE_EXHAUSTED', message: RATE_LIMITS.magicLink.message });
  });
});

describe('resendConfirmation', () => {
  async function unverifiedAccount() {
    const email = uniqueEmail('unconfirmed');
    await adminAuth.createUser({ email, password: TEST_PASSWORD, emailVerified: false });
    return email;
  }

  it('sends a new link for an unconfirmed account, answering guests the same whatever the address', async () => {
    const email = await unverifiedAccount();
    const verified = await newCustomer('Vera', 'Verified');
    for (const address of [email, verified.email, uniqueEmail('nobody')]) {
      expect(
        await callOk('resendConfirmation', { email: address }, undefined, {
          fromIp: freshIp(),
        }),
      ).toEqual({ message: AUTH_MESSAGES.resendSent });
    }
    await waitForMail(email, 'Confirm your RaffleWin account');
    expect((await adminDb.collection('mail').where('to', '==', verified.email).get()).empty).toBe(
      true,
    );
  });

  it('tells the signed-in owner of a confirmed address so', async () => {
    const customer = await newCustomer('Olly', 'Owner');
    expect(
      await call('resendConfirmation', { email: customer.email }, customer, { fromIp: freshIp() }),
    ).toMatchObject({ ok: false, message: AUTH_MESSAGES.resendAlreadyConfirmed });
  });

  it('refuses after the limit for one address', async () => {
    const email = await unverifiedAccount();
    for (let i = 0; i < RATE_LIMITS.resendConfirmation.max; i += 1) {
      await callOk('resendConfirmation', { email }, undefined, { fromIp: freshIp() });
    }
    expect(await call('resendConfirmation', { email }, undefined, { fromIp: freshIp() })).toEqual({
      ok: false,
      status: 'RESOURCE_EXHAUSTED',
      message: AUTH_MESSAGES.resendTooMany,
    });
  });
});

describe('changePassword', () => {
  it('checks the current password on the server, then signs every device out', async () => {
    const customer = await newCustomer('Cara', 'Change');
    const session = await signInWithPassword(customer.email, TEST_PASSWORD);
    const change = { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    expect(
      await call('changePassword', { ...change, currentPassword: 'Wrong!pass1' }, customer),
    ).toMatchObject({ ok: false, message: PASSWORD_MESSAGES.currentWrong });
    expect(
      await call(
        'changePassword',
        { currentPassword: TEST_PASSWORD, password: 'short', confirmPassword: 'short' },
        customer,
      ),
    ).toMatchObject({ ok: false, message: PASSWORD_MESSAGES.tooShort });

    await callOk('changePassword', { ...change, currentPassword: TEST_PASSWORD }, customer);
    expect((await signInWithPassword(customer.email, NEW_PASSWORD)).localId).toBe(customer.uid);
    await expectRevoked(session.idToken);
    await waitForMail(customer.email, 'Your RaffleWin password was changed');
  });

  it('ends even the session whose token the Auth emulator dates from the password check', async () => {
    const customer = await newCustomer('Cleo', 'Clock');
    const session = await signInWithPassword(customer.email, TEST_PASSWORD);
    const change = { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    await callOk('changePassword', { ...change, currentPassword: TEST_PASSWORD }, customer);
    // Firebase Auth refuses to refresh a revoked session. Its emulator refreshes it, dated from
    // the account's latest sign-in: the server's check of the current password, made a moment
    // before the cut-off. The callables and the rules refuse that token all the same.
    const refreshed = await refreshIdToken(session.refreshToken);
    expect(refreshed).not.toBeNull();
    const validAfter = (await adminDb.doc(userPath(customer.uid)).get()).get('sessionsValidAfter');
    expect(claimsOf(refreshed!).auth_time).toBeLessThan(validAfter);
    expect(
      await call('markAllNotificationsRead', {}, { ...customer, idToken: refreshed! }),
    ).toMatchObject({ ok: false, status: 'UNAUTHENTICATED' });
  });

  it('refuses guests', async () => {
    expect(
      await call('changePassword', {
        currentPassword: TEST_PASSWORD,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      }),
    ).toMatchObject({ ok: false, status: 'UNAUTHENTICATED' });
  });
});

describe("a password set at Firebase Auth's own door, without two-factor", () => {
  const THIRD_PASSWORD = 'Thi3d!passWord';
  // Auth passes the blocking function's refusal on inside its own error (quotes escaped).
  const refusedAtAuth = /password of this account was changed outside RaffleWin/;

  it('signs nobody in, ends every session and tells the owner once, until the shop’s reset sets one', async () => {
    const customer = await customerWithUsername();
    const owner = await signInWithPassword(customer.email, TEST_PASSWORD);
    // A session left open for a moment sets a password through Auth's account API: no current
    // password, none of the shop's rules (this one is all lower case).
    const held = await signInWithPassword(customer.email, TEST_PASSWORD);
    const taken = await post<{ idToken: string }>('accounts:update', {
      idToken: held.idToken,
      password: 'weakpass',
      returnSecureToken: true,
    });
    const change = { password: THIRD_PASSWORD, confirmPassword: THIRD_PASSWORD };
    // The new password is no current password for the shop's own change.
    expect(
      await call(
        'changePassword',
        { ...change, currentPassword: 'weakpass' },
        { ...customer, idToken: taken.idToken },
      ),
    ).toEqual(PASSWORD_CHANGED_OUTSIDE);
    // Every session ended: the one that set it (Auth answered it a fresh token) and the owner's.
    for (const idToken of [taken.idToken, owner.idToken]) {
      expect(await call('markAllNotificationsRead', {}, { ...customer, idToken })).toMatchObject({
        ok: false,
        status: 'UNAUTHENTICATED',
      });
    }
    // Neither password signs in, at the shop's door or at Auth's own. Whoever types the
    // password Auth now holds is told why; the old one, which the shop keeps no hash of without
    // two-factor, and any other get a wrong password's answer (the owner was told by e-mail),
    // so a stranger learns neither that the account exists nor what happened to it.
    expect(await signInFromFreshIp(customer.email, 'weakpass')).toEqual(PASSWORD_CHANGED_OUTSIDE);
    for (const password of [TEST_PASSWORD, 'Any0ther!guess']) {
      expect(await signInFromFreshIp(customer.email, password)).toMatchObject({
        ok: false,
        message: AUTH_MESSAGES.invalidEmailOrPassword,
      });
    }
    expect(
      await call('signInWithUsername', { username: customer.username, password: 'x' }, undefined, {
        fromIp: freshIp(),
      }),
    ).toMatchObject({ ok: false, message: AUTH_MESSAGES.invalidUsernameOrPassword });
    await expect(signInWithPassword(customer.email, 'weakpass')).rejects.toThrow(refusedAtAuth);
    // The owner is told once, however many attempts followed, in the app and by e-mail.
    const subject = 'Your RaffleWin password was changed outside RaffleWin';
    await waitForMail(customer.email, subject);
    const notifications = await adminDb.collection(notificationsPath(customer.uid)).get();
    expect(
      notifications.docs.filter((n) => n.get('title') === 'Password changed outside RaffleWin'),
    ).toHaveLength(1);
    expect((await mailTo(customer.email)).filter((m) => m.subject === subject)).toHaveLength(1);

    // The shop's own reset, to the shop's address, sets a password that signs in again.
    await resetThroughShop(customer.email, THIRD_PASSWORD);
    expect(await signInFromFreshIp(customer.email, 'weakpass')).toMatchObject({
      message: AUTH_MESSAGES.invalidEmailOrPassword,
    });
    expect(await signInFromFreshIp(customer.email, THIRD_PASSWORD)).toMatchObject({ ok: true });
    expect((await signInWithPassword(customer.email, THIRD_PASSWORD)).localId).toBe(customer.uid);
  });

  it("is caught the same way when Firebase Auth's own reset e-mail set it", async () => {
    const customer = await newCustomer('Ravi', 'Reset');
    expect(await signInFromFreshIp(customer.email, TEST_PASSWORD)).toMatchObject({ ok: true });
    await post('accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email: customer.email });
    const oobCode = await firebaseMailedCode(customer.email, 'PASSWORD_RESET');
    await post('accounts:resetPassword', { oobCode, newPassword: 'weakpass' });
    expect(await signInFromFreshIp(customer.email, 'weakpass')).toEqual(PASSWORD_CHANGED_OUTSIDE);
    await expect(signInWithPassword(customer.email, 'weakpass')).rejects.toThrow(refusedAtAuth);
  });
});

describe('requestEmailChange and confirmEmailChange', () => {
  it('changes the address only once the new one is confirmed, and the profile follows', async () => {
    const customer = await newCustomer('Eve', 'Email');
    const newEmail = uniqueEmail('moved');
    expect(
      await call('requestEmailChange', { newEmail, currentPassword: 'Wrong!pass1' }, customer),
    ).toMatchObject({ ok: false, message: PASSWORD_MESSAGES.currentWrong });
    expect(
      await call(
        'requestEmailChange',
        { newEmail: 'nope', currentPassword: TEST_PASSWORD },
        customer,
      ),
    ).toMatchObject({ ok: false, message: EMAIL_CHANGE_MESSAGES.invalid });

    const answer = await callOk(
      'requestEmailChange',
      { newEmail: newEmail.toUpperCase(), currentPassword: TEST_PASSWORD },
      customer,
    );
    expect(answer.message).toBe(EMAIL_CHANGE_MESSAGES.sent);
    expect((await adminAuth.getUser(customer.uid)).email).toBe(customer.email);
    await waitForMail(customer.email, 'Your RaffleWin e-mail address is being changed');

    const mail = await waitForMail(newEmail, 'Confirm your new RaffleWin e-mail address');
    const link = new URL(linkIn(mail, `${URLS.shop}/auth?`));
    expect(link.searchParams.get('mode')).toBe('verifyAndChangeEmail');
    const oobCode = link.searchParams.get('oobCode') ?? '';
    const confirmed = await callOk('confirmEmailChange', { oobCode });
    expect(confirmed.email).toBe(newEmail);
    expect((await adminAuth.getUser(customer.uid)).email).toBe(newEmail);
    expect((await adminDb.doc(userPath(customer.uid)).get()).get('email')).toBe(newEmail);
    await waitForMail(customer.email, 'Your RaffleWin e-mail address was changed');
    expect(await call('confirmEmailChange', { oobCode })).toMatchObject({
      ok: false,
      message: EMAIL_CHANGE_MESSAGES.linkInvalid,
    });
  });

  it("answers the same for an address that is another account's, changing nothing", async () => {
    const customer = await newCustomer('Ian', 'Inuse');
    const other = await newCustomer('Oda', 'Other');
    const answer = await callOk(
      'requestEmailChange',
      { newEmail: other.email, currentPassword: TEST_PASSWORD },
      customer,
    );
    expect(answer.message).toBe(EMAIL_CHANGE_MESSAGES.sent);
    await waitForMail(other.email, 'This address already has a RaffleWin account');
    expect((await adminAuth.getUser(customer.uid)).email).toBe(customer.email);
  });
});

describe('requireCustomer and unverified e-mail addresses', () => {
  it('refuses money paths to an account whose e-mail is not confirmed', async () => {
    const email = uniqueEmail('unverified');
    await adminAuth.createUser({ email, password: TEST_PASSWORD, emailVerified: false });
    const session = await signInWithPassword(email, TEST_PASSWORD);
    const caller = { uid: session.localId, email, idToken: session.idToken };
    expect(
      await call('startCheckout', { items: [{ raffleId: 'any', quantity: 1 }] }, caller),
    ).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: ACCESS_MESSAGES.emailNotVerified,
    });
  });
});

describe('sign-up only through the shop', () => {
  it('refuses an account made straight through the Auth API, past the sign-up checks', async () => {
    const email = uniqueEmail('Bypass');
    await expect(signUpWithPassword(email, TEST_PASSWORD)).rejects.toThrow(
      AUTH_MESSAGES.signUpThroughShop,
    );
    await expect(adminAuth.getUserByEmail(email)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
    // The sign-up form's callable still makes accounts (the Admin SDK is not blocked).
    const form = signUpForm();
    await callOk('signUp', form, undefined, { fromIp: freshIp() });
    expect((await adminAuth.getUserByEmail(form.email)).email).toBe(form.email.toLowerCase());
  });
});
