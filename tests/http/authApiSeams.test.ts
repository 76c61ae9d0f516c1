/**
 * Seams between Firebase Auth's own REST API and the shop's account controls, over HTTP
 * against the emulators, as a hostile client with the web API key (and a session, but not the
 * password) would act: an e-mail change or an account deletion asked of Auth straight.
 */
import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  EMAIL_CHANGE_MESSAGES,
  POSTAL_MESSAGES,
  PROTECTION_MESSAGES,
  SIGN_IN_STARTED_CLAIM,
  USER_ADMIN_MESSAGES,
  auditLogCollection,
  protectionPath,
  userPath,
} from '@rafflewin/domain';
import { spawnSync } from 'node:child_process';
import { PROJECT_ID, ROOT, URLS, bin } from '../../emulators/config';
import {
  AUTH_TRIGGER_WAIT_MS,
  adminAuth,
  adminDb,
  eventually,
  uniqueEmail,
} from '../support/admin';
import {
  applyActionCode,
  claimsOf,
  firebaseMailedCode,
  post as authApi,
  readAs,
  refreshIdToken,
  signInWithCustomToken,
  signInWithEmailLink,
  signInWithPassword,
} from '../support/authRest';
import {
  TEST_PASSWORD,
  call,
  callOk,
  newAdmin,
  newCustomer,
  signInAgain,
} from '../support/customers';
import { REFUSAL_FLOOR_MS } from '../../functions/src/services/auth/passwordSignIn';
import { linkIn, waitForMail } from '../support/mailbox';
import { createRaffle, line, postcard } from '../support/raffles';
import { customerWithUsername, freshIp, signUpForm } from '../support/signUpForms';

jest.setTimeout(180_000);

const NEW_PASSWORD = 'N3w!passWord';

/** A mail the shop sent to `to` with `subject`, or null within a few seconds. */
async function shopMail(to: string, subject: string) {
  return waitForMail(to, subject, 8_000).catch(() => null);
}

/**
 * Deletes the account straight through Auth (`accounts:delete`), not the Danger Zone, and waits
 * for the Auth trigger (onUserDeleted) to run the shop's deletion: the profile goes last.
 */
async function deleteThroughAuth(idToken: string, uid: string) {
  await authApi('accounts:delete', { idToken });
  await eventually(async () => ((await adminDb.doc(userPath(uid)).get()).exists ? null : true), {
    what: 'the deleted account’s profile to go',
    timeoutMs: AUTH_TRIGGER_WAIT_MS,
  });
}

/** Someone with no account writes to support through the contact form. */
async function strangerWritesToSupport(name: string) {
  const email = uniqueEmail(name.toLowerCase());
  const { ticketId } = await callOk(
    'submitSupportTicket',
    { name, email, subject: 'A question', message: 'Hello there' },
    undefined,
    { fromIp: freshIp() },
  );
  return { email, ticketId };
}

/**
 * What a hostile holder of `victim`'s session (not the password) asks of Firebase Auth: a code
 * to move the account to their own address, which Firebase e-mails to that address.
 */
async function askAuthToMove(victim: { idToken: string; email: string }) {
  const attackerEmail = uniqueEmail('attacker');
  await authApi('accounts:sendOobCode', {
    requestType: 'VERIFY_AND_CHANGE_EMAIL',
    idToken: victim.idToken,
    newEmail: attackerEmail,
  });
  const oobCode = await firebaseMailedCode(victim.email, 'VERIFY_AND_CHANGE_EMAIL');
  return { attackerEmail, oobCode };
}

/** The same, with the code applied as Firebase's own action page applies it. */
async function moveAddressPastTheShop(victim: { idToken: string; email: string }) {
  const { attackerEmail, oobCode } = await askAuthToMove(victim);
  await authApi('accounts:update', { oobCode });
  return attackerEmail;
}

describe("Auth's own e-mail change (accounts:sendOobCode VERIFY_AND_CHANGE_EMAIL)", () => {
  it('does not let a session without the password move the account to an address the shop never confirmed, then reset the password there', async () => {
    const victim = await newCustomer('Vera', 'Victim');
    // The attacker holds only the victim's ID token (a session left open): no password.
    const attackerEmail = await moveAddressPastTheShop(victim);
    const auth = await adminAuth.getUser(victim.uid);
    const profileEmail = (await adminDb.doc(userPath(victim.uid)).get()).get('email');
    // The seam: Auth moved, the shop's record did not (confirmEmailChange never ran).
    expect({ auth: auth.email, profile: profileEmail }).toEqual({
      auth: attackerEmail,
      profile: victim.email,
    });

    // The shop's "Forgot password?" now serves the address it never confirmed.
    await callOk('requestPasswordReset', { email: attackerEmail }, undefined, {
      fromIp: freshIp(),
    });
    const mail = await shopMail(attackerEmail, 'Reset your RaffleWin password');
    let takenOver = false;
    if (mail) {
      const oobCode = new URL(linkIn(mail, `${URLS.shop}/reset-password?`)).searchParams.get(
        'oobCode',
      )!;
      await callOk('completePasswordReset', {
        oobCode,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      const signIn = await callOk(
        'signInWithPassword',
        { email: attackerEmail, password: NEW_PASSWORD },
        undefined,
        { fromIp: freshIp() },
      );
      if ('customToken' in signIn) {
        const { idToken } = await signInWithCustomToken(signIn.customToken);
        takenOver = claimsOf(idToken).user_id === victim.uid;
      }
    }
    // Secure: the shop never sends a reset link for the account to an unconfirmed address.
    expect({ resetMailToAttacker: Boolean(mail), takenOver }).toEqual({
      resetMailToAttacker: false,
      takenOver: false,
    });
  });

  it('applies no e-mail change code asked of Auth straight (only the shop’s, after the password)', async () => {
    const victim = await newCustomer('Vic', 'Tim');
    const { oobCode } = await askAuthToMove(victim);
    expect(await call('confirmEmailChange', { oobCode })).toMatchObject({
      ok: false,
      message: EMAIL_CHANGE_MESSAGES.linkInvalid,
    });
    expect((await adminAuth.getUser(victim.uid)).email).toBe(victim.email);
    expect((await adminDb.doc(userPath(victim.uid)).get()).get('email')).toBe(victim.email);
  });

  it('signs nobody in while Auth’s address differs from the one the shop confirmed', async () => {
    const victim = await newCustomer('Val', 'Moved');
    const attackerEmail = await moveAddressPastTheShop(victim);
    // Neither at Auth's own door (the blocking function) nor through the shop's sign-in, which
    // checks the password itself and would mint a custom token.
    await expect(signInWithPassword(attackerEmail, TEST_PASSWORD)).rejects.toThrow(
      AUTH_MESSAGES.addressChangedOutside,
    );
    expect(
      await call(
        'signInWithPassword',
        { email: attackerEmail, password: TEST_PASSWORD },
        undefined,
        { fromIp: freshIp() },
      ),
    ).toMatchObject({ ok: false, message: AUTH_MESSAGES.addressChangedOutside });
  });
});

describe('the shop’s sign-in of an account whose address was moved past the shop', () => {
  it('says so only after the right password: a wrong one reads as wrong, after the same delay', async () => {
    // Before, any guest who named the account heard at once that its address had been changed
    // outside RaffleWin: the account existed, and had been taken.
    const victim = await customerWithUsername();
    const movedTo = await moveAddressPastTheShop(victim);
    const doors = [
      {
        signIn: (password: string) =>
          call('signInWithUsername', { username: victim.username, password }, undefined, {
            fromIp: freshIp(),
          }),
        wrong: AUTH_MESSAGES.invalidUsernameOrPassword,
      },
      {
        signIn: (password: string) =>
          call('signInWithPassword', { email: movedTo, password }, undefined, {
            fromIp: freshIp(),
          }),
        wrong: AUTH_MESSAGES.invalidEmailOrPassword,
      },
    ];
    for (const { signIn, wrong } of doors) {
      const wrongPassword = async () => {
        const started = Date.now();
        const answer = await signIn('Wrong!pass1');
        return { answer, atLeastTheFloor: Date.now() - started >= REFUSAL_FLOOR_MS };
      };
      const asWrong = {
        answer: { ok: false, status: 'UNAUTHENTICATED', message: wrong },
        atLeastTheFloor: true,
      };
      // A wrong password first, then the right one, then a wrong one again.
      expect(await wrongPassword()).toEqual(asWrong);
      expect(await signIn(TEST_PASSWORD)).toMatchObject({
        ok: false,
        status: 'PERMISSION_DENIED',
        message: AUTH_MESSAGES.addressChangedOutside,
      });
      expect(await wrongPassword()).toEqual(asWrong);
    }
  });
});

describe('npm run admin:grant', () => {
  /** Runs the script as an operator would, against the emulators; its exit code and words. */
  function grant(email: string) {
    const run = spawnSync(bin('tsx'), ['functions/scripts/grant-admin.ts', email], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, GCLOUD_PROJECT: PROJECT_ID, GOOGLE_APPLICATION_CREDENTIALS: '' },
    });
    return { status: run.status, said: `${run.stdout}${run.stderr}` };
  }
  const claimsNow = async (uid: string) => (await adminAuth.getUser(uid)).customClaims ?? {};

  it('grants no right to an address put on an account past the shop, nor to an unconfirmed one', async () => {
    // Before, the claim went to whoever held the address at Auth: someone could move their own
    // account to the address an operator was about to promote, then move back, an administrator.
    const squatter = await newCustomer('Sam', 'Squat');
    const squatted = await moveAddressPastTheShop(squatter);
    expect(grant(squatted)).toMatchObject({
      status: 1,
      said: expect.stringContaining('outside RaffleWin'),
    });
    const unconfirmed = await adminAuth.createUser({
      email: uniqueEmail('unconfirmed'),
      password: TEST_PASSWORD,
      emailVerified: false,
    });
    expect(grant(unconfirmed.email!)).toMatchObject({
      status: 1,
      said: expect.stringContaining('is not confirmed yet'),
    });
    for (const uid of [squatter.uid, unconfirmed.uid]) {
      expect(await claimsNow(uid)).not.toHaveProperty('admin');
    }

    const owner = await newCustomer('Olive', 'Owner');
    expect(grant(owner.email)).toMatchObject({ status: 0 });
    expect(await claimsNow(owner.uid)).toMatchObject({ admin: true });
  });
});

describe("the console's Make admin (setUserAdmin)", () => {
  it('gives no right to an account whose address was moved past the shop, even confirmed at Auth', async () => {
    // Before, only the script checked the address: a session that moved its account to its own
    // address and confirmed it with Auth's own e-mail was made an administrator by a colleague
    // who saw the profile's address in User Management, and its next token carried the claim.
    const [admin, mover, owner] = await Promise.all([
      newAdmin('Ada', 'Granting'),
      newCustomer('Moe', 'Moved'),
      newCustomer('Ollie', 'Owner'),
    ]);
    await moveAddressPastTheShop(mover);
    expect((await adminAuth.getUser(mover.uid)).emailVerified).toBe(true);
    expect(await call('setUserAdmin', { uid: mover.uid, admin: true }, admin)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: USER_ADMIN_MESSAGES.addressChangedOutside,
    });
    expect((await adminAuth.getUser(mover.uid)).customClaims ?? {}).not.toHaveProperty('admin');
    const granted = await adminDb
      .collection(auditLogCollection)
      .where('target', '==', userPath(mover.uid))
      .get();
    expect(granted.size).toBe(0);

    // An account whose address is the shop's still can be.
    await callOk('setUserAdmin', { uid: owner.uid, admin: true }, admin);
    expect((await adminAuth.getUser(owner.uid)).customClaims).toMatchObject({ admin: true });
  });
});

describe('a postcard whose address an account took through Auth’s own API', () => {
  it('is not recorded for that account: its ticket, and the sender’s details, would be theirs', async () => {
    const [squatter, admin, raffleId] = await Promise.all([
      newCustomer('Paul', 'Postal'),
      newAdmin(),
      createRaffle(),
    ]);
    // The sender has no account; the squatter moves theirs to the sender's address.
    const sendersAddress = await moveAddressPastTheShop(squatter);
    expect(
      await call('recordPostalEntry', postcard(raffleId, sendersAddress), admin),
    ).toMatchObject({ ok: false, message: POSTAL_MESSAGES.addressElsewhere });
    const profile = (await adminDb.doc(userPath(squatter.uid)).get()).data()!;
    expect(profile.address ?? null).toBeNull();
    const tickets = await adminDb.collection('tickets').where('raffleId', '==', raffleId).get();
    expect(tickets.size).toBe(0);
  });
});

describe("a session that put another address on its account through Auth's own API", () => {
  it('is no longer the account’s, at the callables or in the rules, once the address is confirmed', async () => {
    const victim = await newCustomer('Vic', 'Borrowed');
    // Whoever holds the session (not the password) moves the account to their own address and
    // confirms it with Auth's own e-mail. Before, that session went on as a full customer while
    // the owner, whose address the account no longer had, could not sign in to end it.
    const thief = uniqueEmail('thief');
    const moved = await authApi<{ idToken: string; refreshToken: string }>('accounts:update', {
      idToken: victim.idToken,
      email: thief,
      returnSecureToken: true,
    });
    // The shop's own confirmation e-mail does not go to it (as no reset or link does).
    await callOk('resendConfirmation', { email: thief }, undefined, { fromIp: freshIp() });
    expect(await shopMail(thief, 'Confirm your RaffleWin account')).toBeNull();
    await authApi('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: moved.idToken });
    await applyActionCode(await firebaseMailedCode(thief, 'VERIFY_EMAIL'));
    const idToken = (await refreshIdToken(moved.refreshToken))!;
    expect(claimsOf(idToken)).toMatchObject({ email: thief, email_verified: true });

    expect(await readAs(idToken, userPath(victim.uid))).toBe(403);
    const session = { uid: victim.uid, email: thief, idToken };
    expect(await call('setSpendLimit', { monthlyLimit: 5000 }, session)).toMatchObject({
      ok: false,
      message: ACCOUNT_MESSAGES.sessionRevoked,
    });
  });
});

describe("Auth's own account deletion (accounts:delete)", () => {
  it('keeps a play break on the address, as the shop deletion does', async () => {
    const free = await createRaffle({ category: 'free', ticketPrice: 0, maxTicketsPerUser: 1 });
    const leaver = await newCustomer('Sol', 'Excluded');
    await callOk('startPlayBreak', { period: 'permanent' }, leaver);
    expect(await call('startCheckout', { items: [line(free, 1)] }, leaver)).toMatchObject({
      ok: false,
      details: { reason: 'play-break' },
    });

    // The customer deletes the account straight through Auth, not the Danger Zone (the Auth
    // trigger then runs the shop's deletion)...
    await deleteThroughAuth(leaver.idToken, leaver.uid);
    // ...and signs up again with the same address through the shop's own form.
    const form = signUpForm({ email: leaver.email, firstName: 'Sol', lastName: 'Again' });
    await callOk('signUp', form, undefined, { fromIp: freshIp() });
    const mail = await waitForMail(leaver.email, 'Confirm your RaffleWin account');
    await authApi('accounts:update', {
      oobCode: new URL(linkIn(mail, `${URLS.shop}/auth?`)).searchParams.get('oobCode'),
    });
    const returning = await signInAgain({ uid: '', email: leaver.email });
    const uid = String(claimsOf(returning.idToken).user_id);
    expect(uid).not.toBe(leaver.uid);

    // Secure: still on the permanent break.
    expect(
      await call('startCheckout', { items: [line(free, 1)] }, { ...returning, uid }),
    ).toMatchObject({
      ok: false,
      message: PROTECTION_MESSAGES.onPermanentBreak,
    });
  });
});

describe("Auth's own account deletion (accounts:delete), clean-up", () => {
  it('gets the shop’s deletion all the same: the username freed, the profile gone', async () => {
    const customer = await customerWithUsername();
    await authApi('accounts:delete', { idToken: customer.idToken });
    await expect(adminAuth.getUser(customer.uid)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
    // The Auth trigger (onUserDeleted) runs the shop's deletion.
    await eventually(
      async () => {
        const [claim, profile] = await Promise.all([
          adminDb.doc(`usernames/${customer.username}`).get(),
          adminDb.doc(userPath(customer.uid)).get(),
        ]);
        return !claim.exists && !profile.exists ? true : null;
      },
      { what: 'the deleted account’s username and profile to go', timeoutMs: AUTH_TRIGGER_WAIT_MS },
    );
  });
});

describe('a custom token minted before the sessions were ended', () => {
  it('gives no session when exchanged after the owner changed the password', async () => {
    const customer = await newCustomer('Holly', 'Held');
    // Someone who had the password signed in through the shop a minute ago and kept the
    // custom token it answered (minted as passwordSignIn mints it) for later.
    const heldToken = await adminAuth.createCustomToken(customer.uid, {
      [SIGN_IN_STARTED_CLAIM]: Math.floor(Date.now() / 1000) - 60,
    });
    // The owner changes the password: every device is signed out.
    await callOk(
      'changePassword',
      { currentPassword: TEST_PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      customer,
    );
    const { idToken } = await signInWithCustomToken(heldToken);
    expect(
      await call('setSpendLimit', { monthlyLimit: 5000 }, { ...customer, idToken }),
    ).toMatchObject({ ok: false, status: 'UNAUTHENTICATED' });
  });
});

describe("a deleted account's ID token", () => {
  it('reaches no callable and recreates nothing after deleteAccount', async () => {
    const customer = await newCustomer('Del', 'Eted');
    // A second device's session, signed in before the deletion (still valid up to an hour).
    const otherDevice = await signInAgain(customer);
    await callOk('deleteAccount', { confirmation: 'DELETE' }, customer);
    await expect(adminAuth.getUser(customer.uid)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
    expect((await adminDb.doc(protectionPath(customer.uid)).get()).exists).toBe(false);

    const answer = await call('setSpendLimit', { monthlyLimit: 5000 }, otherDevice);
    const recreated = (await adminDb.doc(protectionPath(customer.uid)).get()).exists;
    expect({ accepted: answer.ok, recreated }).toEqual({ accepted: false, recreated: false });
  });
});

describe("a former administrator's ID token after the account is deleted", () => {
  it('reads nothing an administrator may: the rules refuse it as they did once the right went', async () => {
    const [admin, customer, former] = await Promise.all([
      newAdmin('Ada', 'Boss'),
      newCustomer('Cleo', 'Customer'),
      newAdmin('Rex', 'Rogue'),
    ]);
    // Rex's session from while he was an administrator: its token carries the claim.
    const oldToken = former.idToken;
    expect(await readAs(oldToken, userPath(customer.uid))).toBe(200);
    const signedIn = Number(claimsOf(oldToken).auth_time);
    await eventually(async () => (Math.floor(Date.now() / 1000) > signedIn ? true : null), {
      what: 'the second after the sign-in',
      intervalMs: 50,
    });
    await callOk('setUserAdmin', { uid: former.uid, admin: false }, admin);
    expect(await readAs(oldToken, userPath(customer.uid))).toBe(403);
    // Signed in again, a customer now, Rex deletes his account in the Danger Zone.
    await callOk('deleteAccount', { confirmation: 'DELETE' }, await signInAgain(former));
    await expect(adminAuth.getUser(former.uid)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
    // No profile is left to say when his sessions ended; the old token stays refused.
    expect(await readAs(oldToken, userPath(customer.uid))).toBe(403);
    expect(await readAs(oldToken, 'settingsPrivate/smtp')).toBe(403);
  });
});

describe("an administrator's own account deleted through Auth's API (accounts:delete)", () => {
  it('leaves the audit log saying which administrator made each change', async () => {
    const [admin, customer] = await Promise.all([newAdmin('Ivy', 'Insider'), newCustomer()]);
    await callOk('setUserBanned', { uid: customer.uid, banned: true, reason: 'Fraud' }, admin);
    const entries = await adminDb
      .collection(auditLogCollection)
      .where('target', '==', userPath(customer.uid))
      .where('action', '==', 'user.ban')
      .get();
    expect(entries.docs.map((doc) => doc.get('actorUid'))).toEqual([admin.uid]);
    // Past the Danger Zone's refusal: the trigger runs the shop's deletion all the same, and
    // the profile goes last.
    await deleteThroughAuth(admin.idToken, admin.uid);
    const after = await entries.docs[0]!.ref.get();
    expect({ actorUid: after.get('actorUid'), actorEmail: after.get('actorEmail') }).toEqual({
      actorUid: admin.uid,
      actorEmail: admin.email,
    });
  });
});

describe("an address set through Auth's own API and never confirmed, then accounts:delete", () => {
  it('neither puts that address on the leaver’s play break nor deletes its owner’s support conversation', async () => {
    const free = await createRaffle({ category: 'free', ticketPrice: 0, maxTicketsPerUser: 1 });
    // Someone who has no account writes to support through the contact form.
    const { email: victimEmail, ticketId } = await strangerWritesToSupport('Bystander');

    // A customer on a permanent break moves the account, with the session alone, to that
    // address (Auth takes it unconfirmed), then deletes it straight through Auth.
    const leaver = await newCustomer('Mal', 'Icious');
    await callOk('startPlayBreak', { period: 'permanent' }, leaver);
    const moved = await authApi<{ idToken: string }>('accounts:update', {
      idToken: leaver.idToken,
      email: victimEmail,
      returnSecureToken: true,
    });
    expect((await adminAuth.getUser(leaver.uid)).email).toBe(victimEmail);
    await deleteThroughAuth(moved.idToken, leaver.uid);

    // The address's owner keeps their conversation with support...
    expect((await adminDb.doc(`supportTickets/${ticketId}`).get()).exists).toBe(true);
    // ...and, signing up, is on no break they never took.
    const bystander = await newCustomer('By', 'Stander', { email: victimEmail });
    expect(await call('startCheckout', { items: [line(free, 1)] }, bystander)).toMatchObject({
      ok: true,
    });
  });
});

describe('an account signed up with someone else’s address, never confirmed, then accounts:delete', () => {
  it('leaves the address’s owner their conversation with support', async () => {
    const { email: victimEmail, ticketId } = await strangerWritesToSupport('Owner');
    // Someone signs up with that address (the shop takes it, unconfirmed), signs in through
    // Auth with the password they chose and deletes the account straight through Auth.
    const form = signUpForm({ email: victimEmail });
    await callOk('signUp', form, undefined, { fromIp: freshIp() });
    const session = await signInWithPassword(victimEmail, form.password);
    await deleteThroughAuth(session.idToken, session.localId);

    expect((await adminDb.doc(`supportTickets/${ticketId}`).get()).exists).toBe(true);
  });
});

describe("a sign-in method the shop does not offer, linked through Auth's own API", () => {
  it('gives a session held for a moment no way back in once the owner signs out everywhere', async () => {
    const owner = await newCustomer('Linda', 'Linked');
    // Whoever holds the session for a moment links their own Google identity to the account
    // (the emulator takes an unsigned one, as it stands for any identity provider)...
    const google = `id_token=${encodeURIComponent(
      JSON.stringify({
        sub: `g-${owner.uid}`,
        email: uniqueEmail('intruder'),
        email_verified: true,
      }),
    )}&providerId=google.com`;
    await authApi('accounts:signInWithIdp', {
      idToken: owner.idToken,
      postBody: google,
      requestUri: 'http://localhost',
      returnSecureToken: true,
    }).catch(() => null);
    // ...the owner signs out everywhere...
    await callOk('revokeSessions', {}, owner);
    // ...and that identity signs nobody in (nor could it be linked at all).
    const again = await authApi<{ localId?: string }>('accounts:signInWithIdp', {
      postBody: google,
      requestUri: 'http://localhost',
      returnSecureToken: true,
    }).catch(() => null);
    expect(again?.localId ?? null).toBeNull();
  });
});

describe("Auth's own sign-in link (accounts:sendOobCode EMAIL_SIGNIN)", () => {
  /** Asks Firebase Auth straight to e-mail its own sign-in link to `email`; the code in it. */
  async function firebaseSignInCode(email: string) {
    await authApi('accounts:sendOobCode', {
      requestType: 'EMAIL_SIGNIN',
      email,
      continueUrl: `${URLS.shop}/auth`,
      canHandleCodeInApp: true,
    });
    return firebaseMailedCode(email, 'EMAIL_SIGNIN');
  }

  it('neither signs in nor confirms an account whose address nobody has confirmed', async () => {
    // Someone signs up with another person's address and keeps the password and a session,
    // then asks Firebase (not the shop, which would send a reset) to mail that address a
    // sign-in link. Before, the owner opening it confirmed the address for the squatter.
    const form = signUpForm({ email: uniqueEmail('squatted') });
    await callOk('signUp', form, undefined, { fromIp: freshIp() });
    const squatter = await signInWithPassword(form.email, form.password);
    const oobCode = await firebaseSignInCode(form.email);

    await expect(signInWithEmailLink(form.email, oobCode)).rejects.toThrow(
      AUTH_MESSAGES.signInLinkUnconfirmed,
    );
    expect((await adminAuth.getUser(squatter.localId)).emailVerified).toBe(false);
  });

  it('still signs in an account whose address is confirmed', async () => {
    const customer = await newCustomer('Lina', 'Link');
    const oobCode = await firebaseSignInCode(customer.email);
    expect((await signInWithEmailLink(customer.email, oobCode)).localId).toBe(customer.uid);
  });
});
