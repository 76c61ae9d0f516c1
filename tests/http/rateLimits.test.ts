/**
 * Hardening: rate limits on username sign-in, password-reset requests, the codes of e-mailed
 * links and the contact form.
 * auth.test.ts and support.test.ts check that the request after the limit is refused; this
 * file adds what they leave out: that the first N requests within the window were accepted
 * (the limit is not lower than RATE_LIMITS says), that every spelling of one username or
 * address shares one window, username sign-in's per-IP limit across usernames, and that a
 * browser the owner signed in with before is not kept out by wrong passwords others send.
 */
import { createHash } from 'node:crypto';
import {
  EMAIL_CHANGE_MESSAGES,
  PASSWORD_MESSAGES,
  RATE_LIMITS,
  signInDevicesPath,
  userPath,
} from '@rafflewin/domain';
import { adminDb, uniqueEmail } from '../support/admin';
import { call, callOk, newCustomer, TEST_PASSWORD, type Customer } from '../support/customers';
import { fillSignInWindow } from '../support/signUpForms';

jest.setTimeout(120_000);

const runId = Math.floor(Math.random() * 200) + 20;
let ipCounter = 0;
/** A new caller address per request (per-IP limits of other tests play no part). */
const freshIp = () => `10.${runId}.${Math.floor((ipCounter += 1) / 250) + 100}.${ipCounter % 250}`;

/** An account with a username, as the profile's username callable leaves it. */
async function customerWithUsername(): Promise<Customer & { username: string }> {
  const customer = await newCustomer('Rae', 'Limit');
  const username = `rae_${customer.uid.slice(0, 10).toLowerCase()}`;
  await adminDb.doc(`usernames/${username}`).set({ uid: customer.uid });
  await adminDb.doc(userPath(customer.uid)).update({ username });
  return { ...customer, username };
}

/** Upper-cases every other letter: another spelling of the same username or address. */
const respell = (text: string, i: number) =>
  [...text].map((c, j) => ((i + j) % 2 === 0 ? c.toUpperCase() : c)).join('');

describe('username sign-in', () => {
  it('signs in N times within the window, then refuses the right password', async () => {
    const customer = await customerWithUsername();
    const { max, message } = RATE_LIMITS.usernameSignIn;
    for (let i = 0; i < max; i += 1) {
      const answer = await call(
        'signInWithUsername',
        { username: respell(customer.username, i), password: TEST_PASSWORD },
        undefined,
        { fromIp: freshIp() },
      );
      expect(answer.ok && 'customToken' in answer.result).toBe(true);
    }
    expect(
      await call(
        'signInWithUsername',
        { username: customer.username, password: TEST_PASSWORD },
        undefined,
        { fromIp: freshIp() },
      ),
    ).toEqual({ ok: false, status: 'RESOURCE_EXHAUSTED', message });
  });

  it('refuses one address after N attempts across usernames', async () => {
    const { max, message } = RATE_LIMITS.usernameSignInPerIp;
    const perName = RATE_LIMITS.usernameSignIn.max;
    const accounts = await Promise.all(
      Array.from({ length: Math.ceil(max / perName) }, customerWithUsername),
    );
    const ip = freshIp();
    for (let i = 0; i < max; i += 1) {
      const account = accounts[Math.floor(i / perName)]!;
      const answer = await call(
        'signInWithUsername',
        { username: account.username, password: TEST_PASSWORD },
        undefined,
        { fromIp: ip },
      );
      expect(answer.ok).toBe(true);
    }
    // An account this address has not tried yet: refused for the address alone.
    const fresh = await customerWithUsername();
    expect(
      await call(
        'signInWithUsername',
        { username: fresh.username, password: TEST_PASSWORD },
        undefined,
        { fromIp: ip },
      ),
    ).toEqual({ ok: false, status: 'RESOURCE_EXHAUSTED', message });
    // From another address the same request goes through.
    const elsewhere = await call(
      'signInWithUsername',
      { username: fresh.username, password: TEST_PASSWORD },
      undefined,
      { fromIp: freshIp() },
    );
    expect(elsewhere.ok).toBe(true);
  });

  it('keys on the address the platform observed, not what the client writes in X-Forwarded-For', async () => {
    const { max, message } = RATE_LIMITS.usernameSignInPerIp;
    const perName = RATE_LIMITS.usernameSignIn.max;
    const accounts = await Promise.all(
      Array.from({ length: Math.ceil(max / perName) + 1 }, customerWithUsername),
    );
    // The front end appends the address it saw after whatever the client wrote.
    const observed = freshIp();
    const viaSpoof = (i: number) => ({ fromIp: `203.0.113.${i}, ${observed}` });
    for (let i = 0; i < max; i += 1) {
      const account = accounts[Math.floor(i / perName)]!;
      await call(
        'signInWithUsername',
        { username: account.username, password: TEST_PASSWORD },
        undefined,
        viaSpoof(i),
      );
    }
    expect(
      await call(
        'signInWithUsername',
        { username: accounts.at(-1)!.username, password: TEST_PASSWORD },
        undefined,
        viaSpoof(max),
      ),
    ).toEqual({ ok: false, status: 'RESOURCE_EXHAUSTED', message });
  });
});

describe('a browser known for signing in (sign-in device tokens)', () => {
  const signIn = (username: string, password: string, devices?: string[]) =>
    call('signInWithUsername', { username, password, devices }, undefined, { fromIp: freshIp() });

  /** Signs in as the owner would; answers the token this browser keeps. */
  async function knownBrowser(username: string, devices?: string[]): Promise<string> {
    const answer = await signIn(username, TEST_PASSWORD, devices);
    if (!answer.ok || !('signInDevice' in answer.result)) throw new Error('expected a sign-in');
    return answer.result.signInDevice;
  }

  const refused = {
    ok: false,
    status: 'RESOURCE_EXHAUSTED',
    message: RATE_LIMITS.usernameSignIn.message,
  };

  it('lets the owner’s browser in after others filled the username’s window, and only it', async () => {
    const customer = await customerWithUsername();
    const token = await knownBrowser(customer.username);
    await fillSignInWindow((password) => signIn(customer.username, password));
    // Anyone else, the right password included, waits for the window.
    expect(await signIn(customer.username, TEST_PASSWORD)).toEqual(refused);

    const answer = await signIn(customer.username, TEST_PASSWORD, [token]);
    expect(answer.ok && 'customToken' in answer.result).toBe(true);
    // The browser gets a new token for next time; the one it sent is spent.
    const renewed = answer.ok && 'signInDevice' in answer.result && answer.result.signInDevice;
    expect(renewed).toMatch(new RegExp(`^${customer.uid}\\.`));
    expect(renewed).not.toBe(token);
    expect(await signIn(customer.username, TEST_PASSWORD, [token])).toEqual(refused);
    expect((await signIn(customer.username, TEST_PASSWORD, [renewed as string])).ok).toBe(true);
  });

  it('counts a known browser’s wrong passwords in a window of its own', async () => {
    const customer = await customerWithUsername();
    const token = await knownBrowser(customer.username);
    for (let i = 0; i < RATE_LIMITS.usernameSignIn.max; i += 1) {
      expect(await signIn(customer.username, 'Wrong!pass1', [token])).toMatchObject({
        ok: false,
        status: 'UNAUTHENTICATED',
      });
    }
    expect(await signIn(customer.username, TEST_PASSWORD, [token])).toEqual(refused);
    // The account's own window is untouched.
    expect((await signIn(customer.username, TEST_PASSWORD)).ok).toBe(true);
  });

  it('takes no token of another account, a made-up one or one forgotten by “sign out everywhere”', async () => {
    const [customer, other] = await Promise.all([customerWithUsername(), customerWithUsername()]);
    const token = await knownBrowser(customer.username);
    const othersToken = await knownBrowser(other.username);
    await callOk('revokeSessions', {}, customer);
    await fillSignInWindow((password) => signIn(customer.username, password));

    const madeUp = `${customer.uid}.${'A'.repeat(43)}`;
    for (const devices of [[othersToken], [madeUp], [token]]) {
      expect(await signIn(customer.username, TEST_PASSWORD, devices)).toEqual(refused);
    }
    // The other account's browser is still known to it.
    expect((await signIn(other.username, TEST_PASSWORD, [othersToken])).ok).toBe(true);
  });

  it('keeps nothing a client can read: the records are the tokens’ hashes', async () => {
    const customer = await customerWithUsername();
    const token = await knownBrowser(customer.username);
    const records = await adminDb.collection(signInDevicesPath(customer.uid)).get();
    expect(records.docs.map((record) => record.id)).toEqual([
      createHash('sha256').update(token).digest('hex'),
    ]);
    expect(JSON.stringify(records.docs[0]!.data())).not.toContain(token.split('.')[1]);
  });
});

describe('password-reset requests', () => {
  it('accepts N for one address however it is spelt, then refuses with the message', async () => {
    const customer = await newCustomer('Rhea', 'Reset');
    const { max, message } = RATE_LIMITS.passwordReset;
    for (let i = 0; i < max; i += 1) {
      const answer = await call(
        'requestPasswordReset',
        { email: ` ${respell(customer.email, i)} ` },
        undefined,
        { fromIp: freshIp() },
      );
      expect(answer.ok).toBe(true);
    }
    expect(
      await call('requestPasswordReset', { email: customer.email }, undefined, {
        fromIp: freshIp(),
      }),
    ).toMatchObject({ ok: false, status: 'RESOURCE_EXHAUSTED', message });
    // Another address is not affected.
    const other = await call('requestPasswordReset', { email: uniqueEmail('other') }, undefined, {
      fromIp: freshIp(),
    });
    expect(other.ok).toBe(true);
  });
});

describe('e-mailed links completed by a guest (password resets, e-mail changes)', () => {
  it('takes N codes from one network across both, then refuses with the message', async () => {
    // Before, nothing limited them: each asks Identity Toolkit about its code from the
    // functions' own address, which the sign-in's password checks use too.
    const { max, message } = RATE_LIMITS.actionCodesPerIp;
    const password = 'N3w!passWord';
    const complete = (i: number, fromIp: string) =>
      i % 2 === 0
        ? call(
            'completePasswordReset',
            { oobCode: `made-up-${i}`, password, confirmPassword: password },
            undefined,
            { fromIp },
          )
        : call('confirmEmailChange', { oobCode: `made-up-${i}` }, undefined, { fromIp });
    const ip = freshIp();
    for (let i = 0; i < max; i += 1) {
      expect(await complete(i, ip)).toMatchObject({
        ok: false,
        status: 'INVALID_ARGUMENT',
        message:
          i % 2 === 0 ? PASSWORD_MESSAGES.resetLinkInvalid : EMAIL_CHANGE_MESSAGES.linkInvalid,
      });
    }
    for (const i of [max, max + 1]) {
      expect(await complete(i, ip)).toEqual({ ok: false, status: 'RESOURCE_EXHAUSTED', message });
    }
    // Another network is not affected.
    expect(await complete(0, freshIp())).toMatchObject({ status: 'INVALID_ARGUMENT' });
  });
});

describe('the contact form', () => {
  it('counts every spelling of one address against one window', async () => {
    const email = uniqueEmail('spelt');
    const { max, message } = RATE_LIMITS.contactForm;
    const form = { name: 'Sam Spelt', subject: 'Hello', message: 'A question', complaint: false };
    for (let i = 0; i < max; i += 1) {
      const answer = await call('submitSupportTicket', { ...form, email: respell(email, i) });
      expect(answer.ok).toBe(true);
    }
    expect(await call('submitSupportTicket', { ...form, email: email.toUpperCase() })).toEqual({
      ok: false,
      status: 'RESOURCE_EXHAUSTED',
      message,
    });
    const tickets = await adminDb
      .collection('supportTickets')
      .where('email', 'in', [email, ...Array.from({ length: max }, (_, i) => respell(email, i))])
      .count()
      .get();
    expect(tickets.data().count).toBe(max);
  });
});
