import {
  ADMIN_CLAIM,
  ACCESS_MESSAGES,
  ACCOUNT_MESSAGES,
  RECOVERY_CODE_COUNT,
  auditLogCollection,
  userPath,
  RATE_LIMITS,
  TWO_FACTOR_MESSAGES,
  notificationsPath,
  TWO_FACTOR_VALIDITY_MS,
  twoFactorSessionPath,
  userSettingsPath,
  AUTH_MESSAGES,
  TWO_FACTOR_SESSION_CLAIM,
  twoFactorChallengesCollection,
  SITE_SETTINGS_PATH,
} from '@rafflewin/domain';
import { generateSecret } from 'otplib';
import { hashPassword } from '../../functions/src/services/auth/passwordHash';
import { endSessions } from '../../functions/src/services/account/session';
import { adminAuth, adminDb } from '../support/admin';
import { awaitMail } from '../support/inbox';
import { tokenClaims } from '../support/callables';
import {
  call,
  callOk,
  newAdmin,
  newCustomer,
  signInAgain,
  signInWithToken,
  TEST_PASSWORD,
  type Customer,
} from '../support/customers';
import { clockAtStepStart, codeAt } from '../support/totp';

jest.setTimeout(120_000);

// Codes of the steps either side of now stay good for the whole of each test.
beforeEach(clockAtStepStart);
afterEach(() => jest.useRealTimers());

/** A new sign-in of the same account (a later auth_time), as on another device. */
const laterSignIn = (customer: Customer) =>
  signInAgain(customer, {
    authTime: Number(tokenClaims(customer.idToken).auth_time) + 1,
  });

/** A money path: requireCustomer runs before the (unknown) raffle is looked up. */
const checkout = (customer: Customer) =>
  call('startCheckout', { items: [{ raffleId: 'no-such-raffle', quantity: 1 }] }, customer);

/**
 * Enrolment's first step as startTwoFactorEnrolment leaves it (its password check needs the
 * Auth emulator's sign-in, which serves only the HTTP suites' project: tests/http/twoFactor):
 * a pending secret and the password's hash.
 */
async function pendingEnrolment(customer: Customer): Promise<string> {
  const secret = generateSecret();
  await adminDb.doc(`twoFactorSecrets/${customer.uid}`).set({
    secret: null,
    pendingSecret: secret,
    pendingCreatedAt: new Date(),
    enabledAt: null,
    lastUsedStep: 0,
    recoveryCodes: [],
    passwordHash: await hashPassword(TEST_PASSWORD),
  });
  return secret;
}

async function enrolled(): Promise<{
  customer: Customer;
  secret: string;
  recoveryCodes: string[];
  customToken: string;
}> {
  const customer = await newCustomer('Tess', 'Totp');
  const secret = await pendingEnrolment(customer);
  const { recoveryCodes, customToken } = await callOk(
    'confirmTwoFactorEnrolment',
    { code: await codeAt(secret, -1) },
    customer,
  );
  return { customer, secret, recoveryCodes, customToken };
}

/** A right password for an enrolled account: its challenge, its fields changed as given. */
async function challengeFor(customer: Customer, changes: Record<string, Date> = {}) {
  const answer = await callOk('signInWithPassword', {
    email: customer.email,
    password: TEST_PASSWORD,
  });
  if (!('twoFactorChallenge' in answer)) throw new Error('expected a challenge');
  if (Object.keys(changes).length > 0) {
    await adminDb
      .collection(twoFactorChallengesCollection)
      .doc(answer.twoFactorChallenge)
      .update(changes);
  }
  return answer.twoFactorChallenge;
}

describe('two-factor enrolment', () => {
  it('turns on with a first code, keeps the secret server-side, and answers a new sign-in', async () => {
    const customer = await newCustomer('Enid', 'Enrol');
    const start = { secret: await pendingEnrolment(customer) };

    expect(await call('confirmTwoFactorEnrolment', { code: '000000' }, customer)).toMatchObject({
      ok: false,
      message: TWO_FACTOR_MESSAGES.codeInvalid,
    });
    expect(await call('confirmTwoFactorEnrolment', { code: '12ab' }, customer)).toMatchObject({
      ok: false,
      message: TWO_FACTOR_MESSAGES.codeFormat,
    });
    expect((await adminDb.doc(userSettingsPath(customer.uid)).get()).get('twoFactorEnabled')).toBe(
      false,
    );

    const { customToken } = await callOk(
      'confirmTwoFactorEnrolment',
      { code: await codeAt(start.secret) },
      customer,
    );
    expect((await adminDb.doc(userSettingsPath(customer.uid)).get()).get('twoFactorEnabled')).toBe(
      true,
    );
    expect((await adminDb.doc(`twoFactorSecrets/${customer.uid}`).get()).get('secret')).toBe(
      start.secret,
    );
    // The sign-in that enrolled has just proved the second factor; so has the new one the
    // browser makes with the answered token (the account's refresh tokens were revoked).
    expect(await checkout(customer)).not.toMatchObject({
      message: ACCESS_MESSAGES.twoFactorRequired,
    });
    const renewed = await signInWithToken(customToken);
    expect(tokenClaims(renewed.idToken)[TWO_FACTOR_SESSION_CLAIM]).toMatch(/^[A-Z2-7]{20}$/);
    expect(await checkout(renewed)).not.toMatchObject({
      message: ACCESS_MESSAGES.twoFactorRequired,
    });
  });

  it('turns off only with a current code, deleting the secret', async () => {
    const enrolment = await enrolled();
    const { secret } = enrolment;
    // The enrolment ended the account's sessions: the browser signs in again with the token it
    // answered (the sign-in that enrolled passed only when both fell in the same second).
    const customer = await signInWithToken(enrolment.customToken);
    expect(await call('disableTwoFactor', { code: '000000' }, customer)).toMatchObject({
      ok: false,
      message: TWO_FACTOR_MESSAGES.codeInvalid,
    });
    await callOk('disableTwoFactor', { code: await codeAt(secret) }, customer);
    expect((await adminDb.doc(userSettingsPath(customer.uid)).get()).get('twoFactorEnabled')).toBe(
      false,
    );
    expect((await adminDb.doc(`twoFactorSecrets/${customer.uid}`).get()).exists).toBe(false);
    expect(
      await call('disableTwoFactor', { code: await codeAt(secret, 1) }, customer),
    ).toMatchObject({
      ok: false,
      message: TWO_FACTOR_MESSAGES.notEnabled,
    });
  });
});

describe('verifyTwoFactor and requireCustomer', () => {
  it('refuses a new sign-in until its code is verified, then for 12 hours', async () => {
    const { customer, secret } = await enrolled();
    const later = await laterSignIn(customer);
    expect(await checkout(later)).toEqual({
      ok: false,
      status: 'PERMISSION_DENIED',
      message: ACCESS_MESSAGES.twoFactorRequired,
    });
    // The enrolment, data and settings callables are money-path-grade too.
    expect(
      await call('startTwoFactorEnrolment', { currentPassword: TEST_PASSWORD }, later),
    ).toMatchObject({
      message: ACCESS_MESSAGES.twoFactorRequired,
    });

    const started = Date.now();
    const code = await codeAt(secret);
    const { verifiedUntil } = await callOk('verifyTwoFactor', { code }, later);
    expect(new Date(verifiedUntil).getTime() - started).toBeGreaterThan(
      TWO_FACTOR_VALIDITY_MS - 60_000,
    );
    expect(new Date(verifiedUntil).getTime() - started).toBeLessThanOrEqual(
      TWO_FACTOR_VALIDITY_MS + 60_000,
    );
    expect(await checkout(later)).not.toMatchObject({ message: ACCESS_MESSAGES.twoFactorRequired });

    // A code is never accepted twice.
    expect(await call('verifyTwoFactor', { code }, later)).toMatchObject({
      ok: false,
      message: TWO_FACTOR_MESSAGES.codeInvalid,
    });

    // The verification belongs to that sign-in: an expired one no longer counts.
    const authTime = Number(tokenClaims(later.idToken).auth_time);
    await adminDb
      .doc(twoFactorSessionPath(customer.uid, authTime))
      .update({ expiresAt: new Date(Date.now() - 1000) });
    expect(await checkout(later)).toMatchObject({ message: ACCESS_MESSAGES.twoFactorRequired });
  });

  it('refuses codes after the limit of attempts', async () => {
    const { customer, secret } = await enrolled();
    const later = await laterSignIn(customer);
    // enrolled() used one attempt of this window already.
    for (let i = 1; i < RATE_LIMITS.twoFactorCode.max; i += 1) {
      await call('verifyTwoFactor', { code: '000000' }, later);
    }
    expect(await call('verifyTwoFactor', { code: await codeAt(secret, 1) }, later)).toEqual({
      ok: false,
      status: 'RESOURCE_EXHAUSTED',
      message: RATE_LIMITS.twoFactorCode.message,
    });
    // Reaching the limit is what someone guessing with the password does: the owner is told,
    // in the app and by e-mail, once however often it is reached.
    await call('verifyTwoFactor', { code: '000000' }, later);
    const alerts = (await adminDb.collection(notificationsPath(customer.uid)).get()).docs.filter(
      (doc) => doc.get('title') === TWO_FACTOR_MESSAGES.manyCodesTitle,
    );
    expect(alerts.map((doc) => doc.get('message'))).toEqual([TWO_FACTOR_MESSAGES.manyCodes]);
    await awaitMail(customer.email, TWO_FACTOR_MESSAGES.manyCodesTitle);
  });

  it('refuses guests', async () => {
    expect(await call('verifyTwoFactor', { code: '123456' })).toMatchObject({
      ok: false,
      status: 'UNAUTHENTICATED',
    });
  });
});

describe('what keeps the owner in charge of their second factor', () => {
  it('gives one-time recovery codes, kept only as hashes, each signing in once', async () => {
    const { customer, recoveryCodes } = await enrolled();
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    const stored = (await adminDb.doc(`twoFactorSecrets/${customer.uid}`).get()).get(
      'recoveryCodes',
    ) as string[];
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    expect(stored.some((hash) => recoveryCodes.some((code) => hash.includes(code)))).toBe(false);

    const later = await laterSignIn(customer);
    // Typed in lower case with a space: still the code.
    const typed = recoveryCodes[0]!.toLowerCase().replace('-', ' ');
    await callOk('verifyTwoFactor', { code: typed }, later);
    expect(await checkout(later)).not.toMatchObject({ message: ACCESS_MESSAGES.twoFactorRequired });
    const left = (await adminDb.doc(`twoFactorSecrets/${customer.uid}`).get()).get('recoveryCodes');
    expect(left).toHaveLength(RECOVERY_CODE_COUNT - 1);

    const another = await signInAgain(customer, {
      authTime: Number(tokenClaims(later.idToken).auth_time) + 1,
    });
    expect(await call('verifyTwoFactor', { code: recoveryCodes[0]! }, another)).toMatchObject({
      ok: false,
      message: TWO_FACTOR_MESSAGES.codeInvalid,
    });
    expect(await call('verifyTwoFactor', { code: 'ABCDE-FGH2' }, another)).toMatchObject({
      ok: false,
      status: 'INVALID_ARGUMENT',
    });
  });

  it('an administrator resets a lost second factor: audited, sessions ended, customer told', async () => {
    const [{ customer }, admin] = await Promise.all([enrolled(), newAdmin()]);
    expect(await call('resetUserTwoFactor', { uid: customer.uid }, customer)).toMatchObject({
      ok: false,
      status: 'PERMISSION_DENIED',
    });
    // A sign-in from before the reset (a device someone else may hold).
    const before = await signInAgain(customer, { authTime: Math.floor(Date.now() / 1000) - 5 });
    await callOk('resetUserTwoFactor', { uid: customer.uid }, admin);
    expect((await adminDb.doc(userSettingsPath(customer.uid)).get()).get('twoFactorEnabled')).toBe(
      false,
    );
    expect((await adminDb.doc(`twoFactorSecrets/${customer.uid}`).get()).exists).toBe(false);
    const audit = await adminDb
      .collection(auditLogCollection)
      .where('target', '==', userPath(customer.uid))
      .where('action', '==', 'user.resetTwoFactor')
      .get();
    expect(audit.docs.map((entry) => entry.get('actorUid'))).toEqual([admin.uid]);
    expect(await checkout(before)).toMatchObject({ message: ACCOUNT_MESSAGES.sessionRevoked });
    const notes = await adminDb.collection(`${userPath(customer.uid)}/notifications`).get();
    expect(notes.docs.map((note) => note.get('message'))).toContain(
      TWO_FACTOR_MESSAGES.resetByAdmin,
    );
    // The e-mail's last line fits a change support made: one full stop, not "if this was not you".
    const mail = await awaitMail(customer.email, 'Two-factor authentication reset');
    expect(mail.text).toContain(
      `${TWO_FACTOR_MESSAGES.resetByAdmin}\n\nIf you did not ask us for this, contact support straight away.`,
    );
    expect(mail.text).not.toContain('..');
    // Nothing left to reset.
    expect(await call('resetUserTwoFactor', { uid: customer.uid }, admin)).toMatchObject({
      ok: false,
      message: TWO_FACTOR_MESSAGES.notEnabled,
    });
  });

  it('an administrator cannot reset a colleague’s: their right is removed first, as for a ban', async () => {
    const [{ customer: colleague }, admin] = await Promise.all([enrolled(), newAdmin()]);
    await adminAuth.setCustomUserClaims(colleague.uid, { [ADMIN_CLAIM]: true });
    expect(await call('resetUserTwoFactor', { uid: colleague.uid }, admin)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: TWO_FACTOR_MESSAGES.resetNotAdmin,
    });
    expect((await adminDb.doc(userSettingsPath(colleague.uid)).get()).get('twoFactorEnabled')).toBe(
      true,
    );
    expect((await adminDb.doc(`twoFactorSecrets/${colleague.uid}`).get()).exists).toBe(true);
    // Once the right is removed, the reset goes through.
    await adminAuth.setCustomUserClaims(colleague.uid, {});
    await callOk('resetUserTwoFactor', { uid: colleague.uid }, admin);
    expect((await adminDb.doc(`twoFactorSecrets/${colleague.uid}`).get()).exists).toBe(false);
  });

  it('an administrator cannot reset their own: that needs a current code, as for anyone', async () => {
    const admin = await newAdmin('Sam', 'Selfreset');
    const secret = await pendingEnrolment(admin);
    const { customToken } = await callOk(
      'confirmTwoFactorEnrolment',
      { code: await codeAt(secret, -1) },
      admin,
    );
    const verified = await signInWithToken(customToken);
    expect(await call('resetUserTwoFactor', { uid: admin.uid }, verified)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: TWO_FACTOR_MESSAGES.resetNotSelf,
    });
    expect((await adminDb.doc(userSettingsPath(admin.uid)).get()).get('twoFactorEnabled')).toBe(
      true,
    );
    expect((await adminDb.doc(`twoFactorSecrets/${admin.uid}`).get()).get('secret')).toBe(secret);
  });
});

describe('signing in with both factors (signInWithPassword, completeTwoFactorSignIn)', () => {
  it('answers a right password with a challenge only; its code gives the one token, once', async () => {
    const { customer, secret } = await enrolled();
    expect(
      await call('signInWithPassword', { email: customer.email, password: 'Wrong!pass1' }),
    ).toEqual({
      ok: false,
      status: 'UNAUTHENTICATED',
      message: AUTH_MESSAGES.invalidEmailOrPassword,
    });
    const first = await callOk('signInWithPassword', {
      email: customer.email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(Object.keys(first)).toEqual(['twoFactorChallenge']);
    if (!('twoFactorChallenge' in first)) return;
    const challenge = first.twoFactorChallenge;

    expect(await call('completeTwoFactorSignIn', { challenge, code: '000000' })).toMatchObject({
      ok: false,
      message: TWO_FACTOR_MESSAGES.codeInvalid,
    });
    const { customToken, verifiedUntil } = await callOk('completeTwoFactorSignIn', {
      challenge,
      code: await codeAt(secret, 1),
    });
    expect(new Date(verifiedUntil).getTime()).toBeGreaterThan(Date.now());
    const signedIn = await signInWithToken(customToken);
    expect(signedIn.uid).toBe(customer.uid);
    expect(await checkout(signedIn)).not.toMatchObject({
      message: ACCESS_MESSAGES.twoFactorRequired,
    });

    // The challenge worked once.
    expect(
      await call('completeTwoFactorSignIn', { challenge, code: await codeAt(secret, 0) }),
    ).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: TWO_FACTOR_MESSAGES.signInExpired,
    });
  });

  it('gives a customer no token once maintenance mode has begun since the password', async () => {
    const { customer, secret } = await enrolled();
    const challenge = await challengeFor(customer);
    const settings = adminDb.doc(SITE_SETTINGS_PATH);
    await settings.set({ maintenanceMode: true }, { merge: true });
    try {
      expect(
        await call('completeTwoFactorSignIn', { challenge, code: await codeAt(secret, 1) }),
      ).toEqual({
        ok: false,
        status: 'FAILED_PRECONDITION',
        message: ACCESS_MESSAGES.maintenance,
      });
    } finally {
      await settings.set({ maintenanceMode: false }, { merge: true });
    }
  });

  it('gives no token for a password checked before the account’s sessions were ended', async () => {
    const { customer, secret } = await enrolled();
    // The password was checked a moment ago; then the owner signs out everywhere.
    const challenge = await challengeFor(customer, { createdAt: new Date(Date.now() - 2000) });
    await endSessions(adminDb, adminAuth, customer.uid);
    expect(
      await call('completeTwoFactorSignIn', { challenge, code: await codeAt(secret, 1) }),
    ).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: TWO_FACTOR_MESSAGES.signInExpired,
    });
  });

  it('drops a challenge after ten minutes, and names no account to a guess', async () => {
    const { customer, secret } = await enrolled();
    const challenge = await challengeFor(customer, { expiresAt: new Date(Date.now() - 1000) });
    const expired = {
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: TWO_FACTOR_MESSAGES.signInExpired,
    };
    expect(
      await call('completeTwoFactorSignIn', { challenge, code: await codeAt(secret) }),
    ).toEqual(expired);
    expect(
      await call('completeTwoFactorSignIn', { challenge: 'NOSUCHCHALLENGE', code: '123456' }),
    ).toEqual(expired);
  });
});
