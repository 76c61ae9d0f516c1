import {
  ACCOUNT_MESSAGES,
  ACCESS_MESSAGES,
  HIDDEN_CHARACTERS_MESSAGE,
  ADMIN_CLAIM,
  USERS_PAGE_SIZE,
  USER_ADMIN_MESSAGES,
  USER_BAN_MESSAGES,
  USER_PROFILE_MESSAGES,
  USER_STAFF_MESSAGES,
  STAFF_CLAIM,
  auditLogCollection,
  claimChangesCollection,
  editableProfileOf,
  ordersCollection,
  ticketsCollection,
  usernamesCollection,
  userPath,
  type CallableName,
} from '@rafflewin/domain';
import type { Auth } from 'firebase-admin/auth';
import { setAdminRight } from '../../functions/src/services/users/setAdmin';
import { setBan } from '../../functions/src/services/users/setBanned';
import { setStaffMark } from '../../functions/src/services/users/setStaff';
import { adminAuth, adminDb } from '../support/admin';
import {
  asServiceCaller,
  callRaw,
  call,
  callOk,
  newAdmin,
  newCustomer,
  signInAgain,
  type Customer,
} from '../support/customers';
import { createRaffle, line, postcard } from '../support/raffles';

jest.setTimeout(90_000);

let admin: Customer;
let customer: Customer;

beforeAll(async () => {
  [admin, customer] = await Promise.all([newAdmin(), newCustomer('Casey', 'Customer')]);
});

async function auditFor(target: string, action: string) {
  const entries = await adminDb
    .collection(auditLogCollection)
    .where('target', '==', target)
    .where('action', '==', action)
    .get();
  return entries.docs.map((d) => d.data());
}

/**
 * Auth (or `base`), with `act` run once just before the method's first call goes through (or,
 * `after`, just after it returned); an `act` that throws fails that call.
 */
function before(
  method: 'setCustomUserClaims' | 'updateUser' | 'revokeRefreshTokens',
  act: () => Promise<unknown>,
  base: Auth = adminAuth,
  { after = false }: { after?: boolean } = {},
): Auth {
  let ran = false;
  return new Proxy(base, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (property !== method || typeof value !== 'function') {
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      }
      return async (...args: unknown[]) => {
        const first = !ran;
        ran = true;
        if (first && !after) await act();
        const result: unknown = await (value as (...a: unknown[]) => unknown).apply(target, args);
        if (first && after) await act();
        return result;
      };
    },
  });
}

const profile = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  username: null,
  bio: null,
  firstName: 'Page',
  lastName: 'Tester',
  phoneNumber: null,
  dateOfBirth: '1990-01-01',
  banned: false,
  createdAt: new Date('2025-01-01T00:00:00Z'),
  updatedAt: new Date('2025-01-01T00:00:00Z'),
  ...extra,
});

const listUsers = (input: Record<string, unknown>, as: Customer = admin) =>
  callOk('listUsers', { search: '', searchBy: 'email', cursor: null, ...input }, as);

describe('every user-management callable', () => {
  const requests: Array<[CallableName, Record<string, unknown>]> = [
    ['listUsers', { search: '', searchBy: 'email', cursor: null }],
    [
      'updateUserProfile',
      {
        uid: 'someone',
        username: '',
        firstName: 'X',
        lastName: '',
        phoneNumber: '',
        dateOfBirth: '',
      },
    ],
    ['setUserAdmin', { uid: 'someone', admin: true }],
    ['setUserStaff', { uid: 'someone', staff: true }],
    ['setUserBanned', { uid: 'someone', banned: true, reason: 'Spam' }],
  ];

  it.each(requests)('%s refuses guests and customers', async (name, input) => {
    expect(await callRaw(name, input)).toMatchObject({ ok: false, status: 'UNAUTHENTICATED' });
    expect(await callRaw(name, input, customer)).toEqual({
      ok: false,
      status: 'PERMISSION_DENIED',
      message: ACCESS_MESSAGES.adminOnly,
    });
  });

  it('a customer cannot make themselves an administrator', async () => {
    await call('setUserAdmin', { uid: customer.uid, admin: true }, customer);
    expect((await adminAuth.getUser(customer.uid)).customClaims?.[ADMIN_CLAIM]).toBeUndefined();
  });
});

describe('listUsers', () => {
  it('pages through an e-mail prefix in e-mail order, 20 at a time', async () => {
    const prefix = `pager${Date.now()}`;
    const batch = adminDb.batch();
    const emails = Array.from(
      { length: USERS_PAGE_SIZE + 1 },
      (_, i) => `${prefix}-${String(i).padStart(2, '0')}@example.com`,
    );
    emails.forEach((email, i) =>
      batch.set(adminDb.doc(userPath(`${prefix}-${i}`)), profile(email)),
    );
    await batch.commit();

    const first = await listUsers({ search: prefix.toUpperCase() });
    expect(first.users.map((u) => u.email)).toEqual(emails.slice(0, USERS_PAGE_SIZE));
    expect(first.nextCursor).not.toBeNull();
    const second = await listUsers({ search: prefix, cursor: first.nextCursor });
    expect(second.users.map((u) => u.email)).toEqual(emails.slice(USERS_PAGE_SIZE));
    expect(second.nextCursor).toBeNull();
    // Profiles without an Auth account (imported data) list, with nothing to grant or ban.
    expect(second.users[0]).toMatchObject({ noAccount: true, lastSignInAt: null, isAdmin: false });
  });

  it('joins Auth (last sign-in, admin claim) and the ticket and spend totals', async () => {
    const at = new Date();
    const ticket = (n: number, status: string) => ({
      userId: customer.uid,
      raffleId: 'stats-raffle',
      ticketNumber: n,
      orderId: 'o',
      purchaseDate: at,
      status,
      eligible: true,
    });
    const order = (totalAmount: number, paymentStatus: string) => ({
      userId: customer.uid,
      userEmail: customer.email,
      paymentStatus,
      status: 'completed',
      totalAmount,
      createdAt: at,
    });
    const batch = adminDb.batch();
    const tag = `${customer.uid}-${Date.now()}`;
    [1, 2, 3].forEach((n) =>
      batch.set(adminDb.collection(ticketsCollection).doc(`${tag}-${n}`), ticket(n, 'active')),
    );
    batch.set(adminDb.collection(ticketsCollection).doc(`${tag}-4`), ticket(4, 'void'));
    batch.set(adminDb.collection(ordersCollection).doc(`${tag}-a`), order(300, 'paid'));
    // Partly refunded (a cancelled raffle's lines): it stays paid, and what came back is not spent.
    batch.set(adminDb.collection(ordersCollection).doc(`${tag}-b`), {
      ...order(650, 'paid'),
      refundedAmount: 200,
    });
    batch.set(adminDb.collection(ordersCollection).doc(`${tag}-c`), order(999, 'pending'));
    await batch.commit();

    const { users } = await listUsers({ search: customer.email });
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({
      uid: customer.uid,
      email: customer.email,
      firstName: 'Casey',
      totalTickets: 3,
      totalSpent: 750,
      isAdmin: false,
      banned: false,
      noAccount: false,
      emailVerified: true,
    });

    const [adminRow] = (await listUsers({ search: admin.email })).users;
    expect(adminRow).toMatchObject({ isAdmin: true, totalTickets: 0, totalSpent: 0 });

    // The Auth emulator records a sign-in when it creates an account, so "Never" (no
    // lastSignInTime) is shown by the paging test's profiles without an account instead.
    const signedIn = new Date(users[0]!.lastSignInAt!).getTime();
    expect(Date.now() - signedIn).toBeLessThan(60 * 60 * 1000);
  });

  it('finds users by the start of their username, whatever its case', async () => {
    const name = `Zed${Date.now()}`;
    await adminDb.doc(userPath(customer.uid)).update({ username: name });
    await adminDb
      .collection(usernamesCollection)
      .doc(name.toLowerCase())
      .set({ uid: customer.uid });
    const { users } = await listUsers({
      search: name.slice(0, 8).toUpperCase(),
      searchBy: 'username',
    });
    expect(users.map((u) => u.uid)).toContain(customer.uid);
    const none = await listUsers({ search: `${name}x`, searchBy: 'username' });
    expect(none.users).toEqual([]);
  });

  it('answers any search an administrator can type, and refuses a made-up page', async () => {
    // Before, these searches and cursors were no document ids Firestore takes: "internal".
    const name = `..__z${Date.now()}`;
    await adminDb.collection(usernamesCollection).doc(name).set({ uid: customer.uid });
    for (const search of ['.', '..', `..__z`]) {
      const { users } = await listUsers({ search, searchBy: 'username' });
      expect(users.map((u) => u.uid)).toContain(customer.uid);
    }
    for (const search of ['__x__', 'a b', 'é', '[', '\\']) {
      expect(await listUsers({ search, searchBy: 'username' })).toEqual({
        users: [],
        nextCursor: null,
      });
    }
    const cursors: Array<['email' | 'username', string]> = [
      ['email', '["a",""]'],
      ['email', '["a","x/y"]'],
      ['email', '["a","__x__"]'],
      ['email', '["a",".."]'],
      ['username', '[""]'],
      ['username', '["a/b"]'],
      ['username', '["."]'],
    ];
    for (const [searchBy, cursor] of cursors) {
      expect(await call('listUsers', { search: '', searchBy, cursor }, admin)).toEqual({
        ok: false,
        status: 'INVALID_ARGUMENT',
        message: 'This page of users is no longer available',
      });
    }
  });
});

describe('updateUserProfile', () => {
  const edit = (overrides: Record<string, unknown> = {}) => ({
    uid: customer.uid,
    username: '',
    firstName: 'Casey',
    lastName: 'Customer',
    phoneNumber: '',
    dateOfBirth: '1991-04-02',
    ...overrides,
  });

  it('checks the fields with their messages and changes nothing', async () => {
    const before = (await adminDb.doc(userPath(customer.uid)).get()).data();
    expect(await call('updateUserProfile', edit({ phoneNumber: '07700900123' }), admin)).toEqual({
      ok: false,
      status: 'INVALID_ARGUMENT',
      message: 'Invalid UK phone number format. Must start with +44 followed by 10 digits',
    });
    expect(
      await call('updateUserProfile', edit({ phoneNumber: '+4477009001' }), admin),
    ).toMatchObject({
      message: 'Invalid UK phone number format. Must start with +44 followed by 10 digits',
    });
    expect(await call('updateUserProfile', edit({ username: 'a b' }), admin)).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: 'Username must be 3 to 30 letters, digits, underscores (_) or dots (.)',
    });
    expect(await call('updateUserProfile', edit({ username: '__casey__' }), admin)).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: 'Username must be 3 to 30 letters, digits, underscores (_) or dots (.)',
    });
    for (const name of [{ firstName: 'Casey\u202Eniw' }, { lastName: 'Customer\nWinner' }]) {
      expect(await call('updateUserProfile', edit(name), admin)).toMatchObject({
        status: 'INVALID_ARGUMENT',
        message: HIDDEN_CHARACTERS_MESSAGE,
      });
    }
    expect(
      await call('updateUserProfile', edit({ dateOfBirth: '2990-01-01' }), admin),
    ).toMatchObject({
      status: 'INVALID_ARGUMENT',
    });
    expect((await adminDb.doc(userPath(customer.uid)).get()).data()).toEqual(before);
  });

  it('saves the profile, claims the username and releases the old one, audited', async () => {
    const first = `casey${Date.now()}`;
    await callOk(
      'updateUserProfile',
      edit({ username: first, phoneNumber: '+447700900123' }),
      admin,
    );
    expect((await adminDb.doc(userPath(customer.uid)).get()).data()).toMatchObject({
      username: first,
      phoneNumber: '+447700900123',
      dateOfBirth: '1991-04-02',
    });
    expect((await adminDb.collection(usernamesCollection).doc(first).get()).get('uid')).toBe(
      customer.uid,
    );

    const second = `Casey.C${Date.now()}`;
    await callOk('updateUserProfile', edit({ username: second, phoneNumber: '' }), admin);
    const saved = (await adminDb.doc(userPath(customer.uid)).get()).data();
    expect(saved).toMatchObject({ username: second, phoneNumber: null });
    expect((await adminDb.collection(usernamesCollection).doc(first).get()).exists).toBe(false);
    expect(
      (await adminDb.collection(usernamesCollection).doc(second.toLowerCase()).get()).get('uid'),
    ).toBe(customer.uid);

    const [entry] = (await auditFor(userPath(customer.uid), 'user.updateProfile')).filter(
      (e) => e.after?.username === second,
    );
    expect(entry).toMatchObject({
      actorUid: admin.uid,
      before: { username: first, phoneNumber: '+447700900123' },
      after: { username: second, phoneNumber: null },
    });
  });

  it('refuses a username another account holds, in any case', async () => {
    const taken = `taken${Date.now()}`;
    await adminDb.collection(usernamesCollection).doc(taken).set({ uid: 'someone-else' });
    expect(await call('updateUserProfile', edit({ username: taken.toUpperCase() }), admin)).toEqual(
      {
        ok: false,
        status: 'ALREADY_EXISTS',
        message: 'Username is already taken',
      },
    );
  });

  /** A customer listed in the console, and the Edit form filled from their row. */
  async function openedFor(first: string, last: string) {
    const person = await newCustomer(first, last);
    const row = (await listUsers({ search: person.email })).users[0]!;
    const shown = editableProfileOf(row);
    return { person, path: userPath(person.uid), form: { uid: person.uid, ...shown, seen: shown } };
  }

  it('keeps the change a customer made while the form was open, and saves the administrator’s', async () => {
    const { person, path, form } = await openedFor('Robin', 'Reader');
    // The customer corrects their own name while the administrator's form is open.
    await callOk('updatePersonalDetails', { lastName: 'Reader-Smith' }, person);
    await callOk('updateUserProfile', { ...form, phoneNumber: '+447700900999' }, admin);
    expect((await adminDb.doc(path).get()).data()).toMatchObject({
      firstName: 'Robin',
      lastName: 'Reader-Smith',
      phoneNumber: '+447700900999',
    });
    expect(await auditFor(path, 'user.updateProfile')).toEqual([
      expect.objectContaining({
        before: expect.objectContaining({ lastName: 'Reader-Smith', phoneNumber: null }),
        after: expect.objectContaining({ lastName: 'Reader-Smith', phoneNumber: '+447700900999' }),
      }),
    ]);
  });

  it('refuses a field changed in the form that was also changed since it was filled, and keeps that change', async () => {
    const { person, path, form } = await openedFor('Rowan', 'Reader');
    await callOk('updatePersonalDetails', { lastName: 'Reader-Smith' }, person);
    const before = (await adminDb.doc(path).get()).data();
    expect(
      await call(
        'updateUserProfile',
        { ...form, lastName: 'Reeder', phoneNumber: '+447700900999' },
        admin,
      ),
    ).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: USER_PROFILE_MESSAGES.changedSinceOpened,
    });
    expect((await adminDb.doc(path).get()).data()).toEqual(before);
    // The same value as the customer's is no conflict.
    await callOk('updateUserProfile', { ...form, lastName: 'Reader-Smith' }, admin);
  });

  it('a customer saving their own details over and over cannot hold off a date of birth that shows them under 18', async () => {
    const { person, path, form } = await openedFor('Terry', 'Teen');
    const raffleId = await createRaffle();
    const open = await callOk('startCheckout', { items: [line(raffleId, 1)] }, person);
    // Each save moves the profile's version; the console's form was filled before them.
    for (const lastName of ['Teen-A', 'Teen-B']) {
      await callOk('updatePersonalDetails', { lastName }, person);
    }
    const underAge = `${new Date().getUTCFullYear() - 15}-06-01`;
    await callOk('updateUserProfile', { ...form, dateOfBirth: underAge }, admin);
    expect((await adminDb.doc(path).get()).data()).toMatchObject({
      dateOfBirth: underAge,
      lastName: 'Teen-B',
    });
    expect((await adminDb.doc(`checkoutSessions/${open.sessionId}`).get()).get('status')).toBe(
      'cancelled',
    );
  });

  it('says when the user does not exist', async () => {
    expect(await call('updateUserProfile', edit({ uid: 'no-such-user' }), admin)).toMatchObject({
      ok: false,
      status: 'NOT_FOUND',
      message: 'User not found',
    });
  });
});

describe('setUserStaff', () => {
  const ticketsIssuedTo = async (uid: string, raffleId: string) =>
    (
      await adminDb
        .collection(ticketsCollection)
        .where('userId', '==', uid)
        .where('raffleId', '==', raffleId)
        .get()
    ).docs.map((ticket) => ticket.get('issuedToStaff') as boolean);

  it('marks an account as staff, keeping its other claims: tickets issued from then on are never drawn; audited, and taken away again', async () => {
    const member = await newCustomer('Sam', 'Staffer');
    await adminAuth.setCustomUserClaims(member.uid, { tester: true });
    const raffleId = await createRaffle({ maxTicketsPerUser: 5 });
    await callOk('createManualEntry', { userId: member.uid, raffleId, quantity: 1 }, admin);

    expect(await callOk('setUserStaff', { uid: member.uid, staff: true }, admin)).toEqual({
      uid: member.uid,
      isStaff: true,
    });
    expect((await adminAuth.getUser(member.uid)).customClaims).toEqual({
      tester: true,
      [STAFF_CLAIM]: true,
    });
    const row = (await listUsers({ search: member.email })).users[0];
    expect(row).toMatchObject({ uid: member.uid, isStaff: true, isAdmin: false });
    await callOk('createManualEntry', { userId: member.uid, raffleId, quantity: 1 }, admin);
    // The ticket issued before the mark keeps what its holder was then.
    expect((await ticketsIssuedTo(member.uid, raffleId)).sort()).toEqual([false, true]);
    expect(await auditFor(userPath(member.uid), 'user.markStaff')).toEqual([
      expect.objectContaining({
        actorUid: admin.uid,
        before: { staff: false },
        after: { staff: true },
      }),
    ]);

    await callOk('setUserStaff', { uid: member.uid, staff: false }, admin);
    expect((await adminAuth.getUser(member.uid)).customClaims).toEqual({ tester: true });
    expect((await listUsers({ search: member.email })).users[0]?.isStaff).toBe(false);
    await callOk('createManualEntry', { userId: member.uid, raffleId, quantity: 1 }, admin);
    expect((await ticketsIssuedTo(member.uid, raffleId)).sort()).toEqual([false, false, true]);
    expect(await auditFor(userPath(member.uid), 'user.unmarkStaff')).toEqual([
      expect.objectContaining({ before: { staff: true }, after: { staff: false } }),
    ]);
  });

  it("refuses an administrator's account and an account that does not exist, changing nothing", async () => {
    const colleague = await newAdmin('Cal', 'Colleague');
    expect(await call('setUserStaff', { uid: colleague.uid, staff: true }, admin)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: USER_STAFF_MESSAGES.adminAlready,
    });
    expect((await adminAuth.getUser(colleague.uid)).customClaims).toEqual({ [ADMIN_CLAIM]: true });
    expect(await call('setUserStaff', { uid: 'no-such-account', staff: true }, admin)).toEqual({
      ok: false,
      status: 'NOT_FOUND',
      message: USER_ADMIN_MESSAGES.noAccount,
    });
    expect(await auditFor(userPath(colleague.uid), 'user.markStaff')).toEqual([]);
  });

  it('keeps the staff mark when the account is made an administrator and when the right is removed', async () => {
    const member = await newCustomer('Kit', 'Kept');
    await callOk('setUserStaff', { uid: member.uid, staff: true }, admin);
    await callOk('setUserAdmin', { uid: member.uid, admin: true }, admin);
    expect((await adminAuth.getUser(member.uid)).customClaims).toEqual({
      [STAFF_CLAIM]: true,
      [ADMIN_CLAIM]: true,
    });
    await callOk('setUserAdmin', { uid: member.uid, admin: false }, admin);
    expect((await adminAuth.getUser(member.uid)).customClaims).toEqual({ [STAFF_CLAIM]: true });
  });

  describe('a staff mark and a change of the right to the same account at the same moment', () => {
    const caller = () => asServiceCaller(admin);
    const claimsOf = async (uid: string) => (await adminAuth.getUser(uid)).customClaims ?? {};
    /** Auth, with `other` run just before its claims write; `refusal()` is what `other` threw. */
    const withChangeBeforeClaims = (other: () => Promise<void>) => {
      let thrown: unknown;
      const auth = before('setCustomUserClaims', () =>
        other().catch((error: unknown) => (thrown = error)),
      );
      return { auth, refusal: () => thrown };
    };
    const refusedBusy = { code: 'aborted', message: USER_ADMIN_MESSAGES.busy };

    it('a grant made while the mark is being saved is refused, not written over', async () => {
      const target = await newCustomer('Gus', 'Granted');
      const grant = withChangeBeforeClaims(() =>
        setAdminRight(adminDb, adminAuth, caller(), target.uid, true),
      );
      await setStaffMark(adminDb, grant.auth, caller(), target.uid, true);
      // Before, the grant went through and the mark then wrote back the claims it had read.
      expect(grant.refusal()).toMatchObject(refusedBusy);
      expect(await claimsOf(target.uid)).toEqual({ [STAFF_CLAIM]: true });
      expect(await auditFor(userPath(target.uid), 'user.grantAdmin')).toEqual([]);
      // Once the mark is saved, the grant goes through and keeps it.
      await callOk('setUserAdmin', { uid: target.uid, admin: true }, admin);
      expect(await claimsOf(target.uid)).toEqual({ [STAFF_CLAIM]: true, [ADMIN_CLAIM]: true });
    });

    it('a mark made while a removal of the right is being saved is refused, and the removal stands', async () => {
      const target = await newAdmin('Rae', 'Removed');
      const mark = withChangeBeforeClaims(() =>
        setStaffMark(adminDb, adminAuth, caller(), target.uid, true),
      );
      await setAdminRight(adminDb, mark.auth, caller(), target.uid, false);
      expect(mark.refusal()).toMatchObject(refusedBusy);
      expect(await claimsOf(target.uid)).toEqual({});
      await callOk('setUserStaff', { uid: target.uid, staff: true }, admin);
      expect(await claimsOf(target.uid)).toEqual({ [STAFF_CLAIM]: true });
    });

    it('a change left part-way by a stopped function holds the claims for a minute at most', async () => {
      const target = await newCustomer('Hal', 'Held');
      await adminDb
        .collection(claimChangesCollection)
        .doc(target.uid)
        .set({ holder: 'a stopped function', until: Date.now() + 30_000 });
      expect(await call('setUserStaff', { uid: target.uid, staff: true }, admin)).toEqual({
        ok: false,
        status: 'ABORTED',
        message: USER_ADMIN_MESSAGES.busy,
      });
      await adminDb
        .collection(claimChangesCollection)
        .doc(target.uid)
        .set({ holder: 'a stopped function', until: Date.now() - 1 });
      await callOk('setUserStaff', { uid: target.uid, staff: true }, admin);
      expect(await claimsOf(target.uid)).toEqual({ [STAFF_CLAIM]: true });
      expect((await adminDb.collection(claimChangesCollection).doc(target.uid).get()).exists).toBe(
        false,
      );
    });
  });
});

describe('setUserAdmin', () => {
  it('grants the claim, which a fresh sign-in carries, and removes it, audited', async () => {
    const promoted = await newCustomer('Pat', 'Promoted');
    expect(
      await call('listUsers', { search: '', searchBy: 'email', cursor: null }, promoted),
    ).toMatchObject({
      ok: false,
      status: 'PERMISSION_DENIED',
    });
    await callOk('setUserAdmin', { uid: promoted.uid, admin: true }, admin);
    expect((await adminAuth.getUser(promoted.uid)).customClaims).toEqual({ [ADMIN_CLAIM]: true });
    expect(
      await call(
        'listUsers',
        { search: '', searchBy: 'email', cursor: null },
        await signInAgain(promoted),
      ),
    ).toMatchObject({ ok: true });
    expect(await auditFor(userPath(promoted.uid), 'user.grantAdmin')).toEqual([
      expect.objectContaining({
        actorUid: admin.uid,
        before: { admin: false },
        after: { admin: true },
      }),
    ]);

    await callOk('setUserAdmin', { uid: promoted.uid, admin: false }, admin);
    expect((await adminAuth.getUser(promoted.uid)).customClaims?.[ADMIN_CLAIM]).toBeUndefined();
    expect(await auditFor(userPath(promoted.uid), 'user.removeAdmin')).toHaveLength(1);
  });

  it('a removal retried after ending the sessions failed ends a session signed in meanwhile', async () => {
    // Signed in after the cut-off the removal writes first, but before the claim went: the token
    // carries the claim. Ending the sessions then failed, and the retry found no claim left.
    const racer = await newCustomer('Rita', 'Racer');
    await callOk('setUserAdmin', { uid: racer.uid, admin: true }, admin);
    const cutOff = new Date(Date.now() - 5_000);
    let meanwhile: Customer | undefined;
    let meanwhileAt = 0;
    const signIn = async () => {
      meanwhileAt = Math.floor(Date.now() / 1000) - 1;
      meanwhile = await signInAgain(racer, { authTime: meanwhileAt });
    };
    const failing = before(
      'revokeRefreshTokens',
      () => Promise.reject(new Error('Auth is unavailable')),
      before('setCustomUserClaims', signIn),
    );
    await expect(
      setAdminRight(adminDb, failing, asServiceCaller(admin), racer.uid, false, cutOff),
    ).rejects.toThrow('Auth is unavailable');
    // The callables already refuse it (Auth's claim is gone); the rules read the token's claim
    // and the profile's cut-off, which the retry must move past this sign-in.
    const everyone = { search: '', searchBy: 'email', cursor: null } as const;
    expect(await call('listUsers', everyone, meanwhile!)).toEqual({
      ok: false,
      status: 'PERMISSION_DENIED',
      message: ACCESS_MESSAGES.adminOnly,
    });
    const cutOffOf = async () =>
      Number((await adminDb.doc(userPath(racer.uid)).get()).get('sessionsValidAfter'));
    expect(await cutOffOf()).toBeLessThanOrEqual(meanwhileAt);

    await callOk('setUserAdmin', { uid: racer.uid, admin: false }, admin);
    expect(await cutOffOf()).toBeGreaterThan(meanwhileAt);
    expect(await call('listUsers', everyone, meanwhile!)).toEqual({
      ok: false,
      status: 'UNAUTHENTICATED',
      message: ACCOUNT_MESSAGES.sessionRevoked,
    });
  });

  it('a token the claim outlived in Auth is refused: claim taken away, account disabled or deleted past the shop', async () => {
    const everyone = { search: '', searchBy: 'email', cursor: null } as const;
    const [unclaimed, disabled, deleted] = await Promise.all([
      newAdmin('Uma', 'Unclaimed'),
      newAdmin('Dora', 'Disabled'),
      newAdmin('Dan', 'Deleted'),
    ]);
    // Firebase's own console or Admin SDK, none of which moves the profile's cut-off.
    await adminAuth.setCustomUserClaims(unclaimed.uid, null);
    await adminAuth.updateUser(disabled.uid, { disabled: true });
    await adminAuth.deleteUser(deleted.uid);

    expect(await call('listUsers', everyone, unclaimed)).toEqual({
      ok: false,
      status: 'PERMISSION_DENIED',
      message: ACCESS_MESSAGES.adminOnly,
    });
    for (const old of [disabled, deleted]) {
      expect(
        await call('setUserBanned', { uid: customer.uid, banned: true, reason: 'x' }, old),
      ).toEqual({
        ok: false,
        status: 'UNAUTHENTICATED',
        message: ACCOUNT_MESSAGES.sessionRevoked,
      });
    }
    expect((await adminDb.doc(userPath(customer.uid)).get()).get('banned')).toBe(false);
  });

  it('a removed right stops the old token at once: no re-grant, no demoting others', async () => {
    const former = await newCustomer('Fred', 'Former');
    await callOk('setUserAdmin', { uid: former.uid, admin: true }, admin);
    // Signed in as an administrator a little before the right is removed.
    const oldToken = await signInAgain(former, { authTime: Math.floor(Date.now() / 1000) - 30 });
    expect((await call('setUserAdmin', { uid: customer.uid, admin: false }, oldToken)).ok).toBe(
      true,
    );
    await callOk('setUserAdmin', { uid: former.uid, admin: false }, admin);

    const refused = {
      ok: false,
      status: 'UNAUTHENTICATED',
      message: ACCOUNT_MESSAGES.sessionRevoked,
    };
    expect(await call('setUserAdmin', { uid: former.uid, admin: true }, oldToken)).toEqual(refused);
    expect(await call('setUserAdmin', { uid: admin.uid, admin: false }, oldToken)).toEqual(refused);
    const everyone = { search: '', searchBy: 'email', cursor: null } as const;
    expect(await call('listUsers', everyone, oldToken)).toEqual(refused);
    expect((await adminAuth.getUser(admin.uid)).customClaims?.[ADMIN_CLAIM]).toBe(true);
    // The rules see the same time (users/{uid}.sessionsValidAfter).
    const validAfter = (await adminDb.doc(userPath(former.uid)).get()).get('sessionsValidAfter');
    expect(validAfter).toBeGreaterThan(Math.floor(Date.now() / 1000) - 30);
    // Signed in again, they are a customer.
    const fresh = await signInAgain(former);
    expect(await call('listUsers', everyone, fresh)).toMatchObject({
      ok: false,
      status: 'PERMISSION_DENIED',
    });
  });

  it('a right removed while the account has no profile stops the old token too, and after the profile is made again', async () => {
    const former = await newCustomer('Pat', 'Profileless');
    await callOk('setUserAdmin', { uid: former.uid, admin: true }, admin);
    const oldToken = await signInAgain(former, { authTime: Math.floor(Date.now() / 1000) - 30 });
    await adminDb.doc(userPath(former.uid)).delete();
    await callOk('setUserAdmin', { uid: former.uid, admin: false }, admin);

    const everyone = { search: '', searchBy: 'email', cursor: null } as const;
    const refused = {
      ok: false,
      status: 'UNAUTHENTICATED',
      message: ACCOUNT_MESSAGES.sessionRevoked,
    };
    expect(await call('listUsers', everyone, oldToken)).toEqual(refused);
    // Signed in again, the profile is made again; the rules then read its sessionsValidAfter.
    await callOk('ensureProfile', {}, await signInAgain(former));
    const validAfter = (await adminDb.doc(userPath(former.uid)).get()).get('sessionsValidAfter');
    expect(validAfter).toBeGreaterThan(Math.floor(Date.now() / 1000) - 30);
    expect(await call('listUsers', everyone, oldToken)).toEqual(refused);
  });

  it('a profile made again by a postcard keeps the cut-off and the ban made while there was none', async () => {
    const [demoted, banned] = await Promise.all([
      newCustomer('Dee', 'Profileless'),
      newCustomer('Bea', 'Profileless'),
    ]);
    await callOk('setUserAdmin', { uid: demoted.uid, admin: true }, admin);
    const oldToken = await signInAgain(demoted, { authTime: Math.floor(Date.now() / 1000) - 30 });
    await Promise.all([demoted, banned].map(({ uid }) => adminDb.doc(userPath(uid)).delete()));
    await callOk('setUserAdmin', { uid: demoted.uid, admin: false }, admin);
    await callOk('setUserBanned', { uid: banned.uid, banned: true, reason: 'Fraud' }, admin);
    // An administrator records a postcard from each address: their profiles are made again.
    const raffleId = await createRaffle();
    for (const { email } of [demoted, banned]) {
      await callOk('recordPostalEntry', postcard(raffleId, email), admin);
    }
    const everyone = { search: '', searchBy: 'email', cursor: null } as const;
    expect(await call('listUsers', everyone, oldToken)).toMatchObject({
      ok: false,
      status: 'UNAUTHENTICATED',
    });
    expect((await adminDb.doc(userPath(banned.uid)).get()).get('banned')).toBe(true);
    expect(await call('getMonthSpending', {}, banned)).toMatchObject({ ok: false });
  });

  it('two administrators removing each other’s rights at the same moment leave one of them', async () => {
    for (let round = 0; round < 3; round += 1) {
      const pair = await Promise.all([newAdmin('Ann', 'First'), newAdmin('Ben', 'Second')]);
      const [first, second] = pair;
      const answers = await Promise.all([
        call('setUserAdmin', { uid: second.uid, admin: false }, first),
        call('setUserAdmin', { uid: first.uid, admin: false }, second),
      ]);
      expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
      expect(answers.find((answer) => !answer.ok)).toEqual({
        ok: false,
        status: 'UNAUTHENTICATED',
        message: ACCOUNT_MESSAGES.sessionRevoked,
      });
      const keeps = await Promise.all(
        pair.map(
          async ({ uid }) => (await adminAuth.getUser(uid)).customClaims?.[ADMIN_CLAIM] === true,
        ),
      );
      // The one whose removal went through is the one who keeps the right.
      expect(keeps).toEqual(answers.map((answer) => answer.ok));
    }
  });

  it('keeps other claims', async () => {
    const other = await newCustomer('Olga', 'Other');
    await adminAuth.setCustomUserClaims(other.uid, { beta: true });
    await callOk('setUserAdmin', { uid: other.uid, admin: true }, admin);
    expect((await adminAuth.getUser(other.uid)).customClaims).toEqual({
      beta: true,
      [ADMIN_CLAIM]: true,
    });
    await callOk('setUserAdmin', { uid: other.uid, admin: false }, admin);
    expect((await adminAuth.getUser(other.uid)).customClaims).toEqual({ beta: true });
  });

  it('will not let an administrator remove their own right', async () => {
    expect(await call('setUserAdmin', { uid: admin.uid, admin: false }, admin)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: 'You cannot remove your own administrator rights',
    });
    expect((await adminAuth.getUser(admin.uid)).customClaims?.[ADMIN_CLAIM]).toBe(true);
  });

  it('will not make an account whose address is unconfirmed an administrator', async () => {
    // Someone signed up with a future colleague's address and never confirmed it: once the
    // colleague confirmed it, the holder of the password would be an administrator.
    const unconfirmed = await newCustomer('Nora', 'Newcolleague');
    await adminAuth.updateUser(unconfirmed.uid, { emailVerified: false });
    expect(await call('setUserAdmin', { uid: unconfirmed.uid, admin: true }, admin)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: USER_ADMIN_MESSAGES.notConfirmed,
    });
    expect((await adminAuth.getUser(unconfirmed.uid)).customClaims?.[ADMIN_CLAIM]).toBeUndefined();
  });

  it('gives no right to an account whose address was moved past the shop during the grant', async () => {
    // Between the grant's checks and its claim, the account's session puts another address on
    // it through Auth's own API, confirmed there (as tests/http/authApiSeams does for real).
    const mover = await newCustomer('Mo', 'Ver');
    const auth = before('setCustomUserClaims', () =>
      adminAuth.updateUser(mover.uid, { email: `moved-${mover.email}`, emailVerified: true }),
    );
    await expect(
      setAdminRight(adminDb, auth, asServiceCaller(admin), mover.uid, true),
    ).rejects.toThrow(USER_ADMIN_MESSAGES.addressChangedOutside);
    expect((await adminAuth.getUser(mover.uid)).customClaims?.[ADMIN_CLAIM]).toBeUndefined();
    expect(await auditFor(userPath(mover.uid), 'user.grantAdmin')).toEqual([]);
  });

  it('a grant undone when its audit entry cannot be written ends the sessions that took it up', async () => {
    const grantee = await newCustomer('Rae', 'Refreshed');
    // The grantee's browser refreshes its token (keeping its sign-in time) while the claim is in
    // Auth; then the audit entry's write fails and the claim is put back.
    const signedIn = Math.floor(Date.now() / 1000) - 30;
    let refreshed: Customer | undefined;
    const auth = before(
      'setCustomUserClaims',
      async () => {
        refreshed = await signInAgain(grantee, { authTime: signedIn });
      },
      adminAuth,
      { after: true },
    );
    const failingAudit = new Proxy(adminDb, {
      get(target, property) {
        if (property === 'batch') {
          return () =>
            Object.assign(target.batch(), {
              commit: () => Promise.reject(new Error('Firestore is unavailable')),
            });
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
    await expect(
      setAdminRight(failingAudit, auth, asServiceCaller(admin), grantee.uid, true),
    ).rejects.toThrow('Firestore is unavailable');

    expect((await adminAuth.getUser(grantee.uid)).customClaims?.[ADMIN_CLAIM]).toBeUndefined();
    expect(refreshed).toBeDefined();
    // The token carries the claim; the rules refuse it by the profile's cut-off.
    const validAfter = (await adminDb.doc(userPath(grantee.uid)).get()).get('sessionsValidAfter');
    expect(validAfter).toBeGreaterThan(signedIn);
    const everyone = { search: '', searchBy: 'email', cursor: null } as const;
    expect(await call('listUsers', everyone, refreshed!)).toEqual({
      ok: false,
      status: 'UNAUTHENTICATED',
      message: ACCOUNT_MESSAGES.sessionRevoked,
    });
  });

  it('refuses accounts that do not exist', async () => {
    expect(await call('setUserAdmin', { uid: 'no-such-user', admin: true }, admin)).toMatchObject({
      ok: false,
      status: 'NOT_FOUND',
      message: 'This user has no sign-in account',
    });
  });
});

describe('setUserBanned', () => {
  it('needs a reason to ban', async () => {
    expect(
      await call('setUserBanned', { uid: customer.uid, banned: true, reason: '  ' }, admin),
    ).toEqual({
      ok: false,
      status: 'INVALID_ARGUMENT',
      message: 'Please enter a reason for the ban',
    });
    expect((await adminAuth.getUser(customer.uid)).disabled).toBe(false);
  });

  it('disables the account, revokes its tokens and marks the profile; unbanning restores it', async () => {
    // Signed in a second before the ban (auth_time counts whole seconds).
    const target = await newCustomer('Bernie', 'Banned').then((account) =>
      signInAgain(account, { authTime: Math.floor(Date.now() / 1000) - 1 }),
    );

    await callOk(
      'setUserBanned',
      { uid: target.uid, banned: true, reason: 'Chargeback fraud' },
      admin,
    );
    const account = await adminAuth.getUser(target.uid);
    expect(account.disabled).toBe(true);
    expect(new Date(account.tokensValidAfterTime!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    await expect(adminAuth.verifyIdToken(target.idToken, true)).rejects.toMatchObject({
      code: expect.stringMatching(/auth\/(id-token-revoked|user-disabled)/),
    });
    const profileData = (await adminDb.doc(userPath(target.uid)).get()).data();
    expect(profileData).toMatchObject({
      banned: true,
      banReason: 'Chargeback fraud',
      bannedBy: admin.uid,
    });
    // The ID token issued before the ban is still signed, but the shop refuses it.
    expect(
      await call('startCheckout', { items: [{ raffleId: 'any-raffle', quantity: 1 }] }, target),
    ).toMatchObject({
      ok: false,
      status: 'PERMISSION_DENIED',
      message: ACCESS_MESSAGES.banned,
    });
    const [row] = (await listUsers({ search: target.email })).users;
    expect(row).toMatchObject({ banned: true, banReason: 'Chargeback fraud' });
    expect(await auditFor(userPath(target.uid), 'user.ban')).toEqual([
      expect.objectContaining({
        actorUid: admin.uid,
        after: { banned: true, banReason: 'Chargeback fraud', disabled: true },
      }),
    ]);

    await callOk('setUserBanned', { uid: target.uid, banned: false, reason: null }, admin);
    expect((await adminAuth.getUser(target.uid)).disabled).toBe(false);
    expect((await adminDb.doc(userPath(target.uid)).get()).data()).toMatchObject({
      banned: false,
      banReason: null,
      bannedAt: null,
    });
    expect(await adminAuth.verifyIdToken((await signInAgain(target)).idToken, true)).toMatchObject({
      uid: target.uid,
    });
    expect(await auditFor(userPath(target.uid), 'user.unban')).toHaveLength(1);
  });

  it('will not ban the administrator calling, nor another administrator', async () => {
    expect(
      await call('setUserBanned', { uid: admin.uid, banned: true, reason: 'Oops' }, admin),
    ).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: 'You cannot ban your own account',
    });
    const colleague = await newAdmin('Cora', 'Colleague');
    expect(
      await call('setUserBanned', { uid: colleague.uid, banned: true, reason: 'Rogue' }, admin),
    ).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: "Remove this user's administrator rights before banning them",
    });
    expect((await adminAuth.getUser(colleague.uid)).disabled).toBe(false);
  });

  describe('a grant and a ban of the same account at the same moment', () => {
    const caller = () => asServiceCaller(admin);
    const ban = { banned: true, reason: 'Abuse' };
    const rightAndBan = async (uid: string) => {
      const account = await adminAuth.getUser(uid);
      return { admin: account.customClaims?.[ADMIN_CLAIM] === true, disabled: account.disabled };
    };

    it('the ban made between the grant’s check and its claim wins: no banned administrator', async () => {
      const target = await newCustomer('Gail', 'Grantban');
      const auth = before('setCustomUserClaims', () =>
        setBan(adminDb, adminAuth, caller(), target.uid, ban),
      );
      await expect(setAdminRight(adminDb, auth, caller(), target.uid, true)).rejects.toThrow(
        USER_ADMIN_MESSAGES.notBanned,
      );
      expect(await rightAndBan(target.uid)).toEqual({ admin: false, disabled: true });
    });

    it('the grant made between the ban’s check and its disabling wins: no banned administrator', async () => {
      const target = await newCustomer('Bea', 'Bangrant');
      const auth = before('updateUser', () =>
        setAdminRight(adminDb, adminAuth, caller(), target.uid, true),
      );
      await expect(setBan(adminDb, auth, caller(), target.uid, ban)).rejects.toThrow(
        USER_BAN_MESSAGES.notAdmin,
      );
      expect(await rightAndBan(target.uid)).toEqual({ admin: true, disabled: false });
      expect((await adminDb.doc(userPath(target.uid)).get()).get('banned')).toBe(false);
    });
  });

  it('will not make a banned account an administrator', async () => {
    const target = await newCustomer('Una', 'Unlucky');
    await callOk('setUserBanned', { uid: target.uid, banned: true, reason: 'Abuse' }, admin);
    expect(await call('setUserAdmin', { uid: target.uid, admin: true }, admin)).toMatchObject({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: 'Unban this user before making them an administrator',
    });
  });
});
