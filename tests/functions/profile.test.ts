import {
  ACCOUNT_MESSAGES,
  ACCESS_MESSAGES,
  AUTH_MESSAGES,
  cartsCollection,
  protectionPath,
  savedRafflesPath,
  userPath,
  userSettingsPath,
  usernamesCollection,
} from '@rafflewin/domain';
import type { UserRecord } from 'firebase-admin/auth';
import { onUserDeleted } from '../../functions/src/functions/onUserDeleted';
import { adminDb } from '../support/admin';
import { setAsCustomer } from '../support/asCustomer';
import { callRaw, call, callOk, newCustomer, type Customer } from '../support/customers';
import { TEST_PROJECT_ID } from '../support/project';
import { createRaffle } from '../support/raffles';

jest.setTimeout(60_000);

const profileOf = async (customer: Customer) =>
  (await adminDb.doc(userPath(customer.uid)).get()).data() ?? {};
const claimOf = async (name: string) =>
  (await adminDb.collection(usernamesCollection).doc(name).get()).data() ?? null;

/** A username nobody else in this run has, within the 30-character limit. */
const freshName = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.slice(0, 30);

describe('saveProfile (username and bio)', () => {
  it('saves both and reserves the username in lower case', async () => {
    const jane = await newCustomer('Jane', 'Profile');
    const username = freshName('Jane.Doe');
    await callOk('saveProfile', { username, bio: '  Loves a raffle  ' }, jane);
    expect(await profileOf(jane)).toMatchObject({ username, bio: 'Loves a raffle' });
    expect(await claimOf(username.toLowerCase())).toEqual({ uid: jane.uid });
  });

  it('stores a blank username and bio as null and releases the old username', async () => {
    const sam = await newCustomer('Sam', 'Blank');
    const username = freshName('sam');
    await callOk('saveProfile', { username, bio: 'Hello' }, sam);
    await callOk('saveProfile', { username: '   ', bio: '' }, sam);
    expect(await profileOf(sam)).toMatchObject({ username: null, bio: null });
    expect(await claimOf(username.toLowerCase())).toBeNull();
  });

  it('moves the reservation when the username changes, and allows a change of case', async () => {
    const kim = await newCustomer('Kim', 'Mover');
    const first = freshName('kim');
    const second = freshName('kimberley');
    await callOk('saveProfile', { username: first, bio: null }, kim);
    await callOk('saveProfile', { username: second, bio: null }, kim);
    expect(await claimOf(first.toLowerCase())).toBeNull();
    expect(await claimOf(second.toLowerCase())).toEqual({ uid: kim.uid });
    await callOk('saveProfile', { username: second.toUpperCase(), bio: null }, kim);
    expect((await profileOf(kim)).username).toBe(second.toUpperCase());
    expect(await claimOf(second.toLowerCase())).toEqual({ uid: kim.uid });
  });

  it('refuses a username Firestore could not name a document after, as it refuses others', async () => {
    const pat = await newCustomer('Pat', 'Reserved');
    expect(await call('saveProfile', { username: '__pat__', bio: null }, pat)).toMatchObject({
      ok: false,
      status: 'INVALID_ARGUMENT',
      message: ACCOUNT_MESSAGES.usernameInvalid,
    });
    for (const username of ['..', '__pat__']) {
      expect(await call('signInWithUsername', { username, password: 'Wrong!pass1' })).toMatchObject(
        {
          ok: false,
          status: 'INVALID_ARGUMENT',
          message: AUTH_MESSAGES.invalidUsernameOrPassword,
        },
      );
    }
    expect((await profileOf(pat)).username).toBeNull();
  });

  it('refuses a username someone else holds, in any case, and changes nothing', async () => {
    const [holder, other] = await Promise.all([
      newCustomer('Hal', 'Holder'),
      newCustomer('Oli', 'Other'),
    ]);
    const username = freshName('taken');
    await callOk('saveProfile', { username, bio: null }, holder);
    await callOk('saveProfile', { username: freshName('oli'), bio: 'Before' }, other);
    const before = await profileOf(other);
    expect(
      await call('saveProfile', { username: username.toUpperCase(), bio: 'After' }, other),
    ).toMatchObject({
      ok: false,
      status: 'ALREADY_EXISTS',
      message: ACCOUNT_MESSAGES.usernameTaken,
    });
    expect(await profileOf(other)).toMatchObject({ username: before.username, bio: 'Before' });
    expect(await claimOf(username.toLowerCase())).toEqual({ uid: holder.uid });
  });

  it('never takes over a name whose reservation belongs to someone else', async () => {
    // A profile that shows a username whose reservation is another account's (as older data
    // could): saving keeps the other account's reservation and refuses.
    const [owner, stale] = await Promise.all([
      newCustomer('Ona', 'Owner'),
      newCustomer('Stu', 'Stale'),
    ]);
    const username = freshName('shared');
    await callOk('saveProfile', { username, bio: null }, owner);
    await adminDb.doc(userPath(stale.uid)).update({ username });
    expect(await call('saveProfile', { username, bio: 'x' }, stale)).toMatchObject({
      ok: false,
      message: ACCOUNT_MESSAGES.usernameTaken,
    });
    expect(await claimOf(username.toLowerCase())).toEqual({ uid: owner.uid });
  });

  it('refuses malformed and reserved usernames with a clear message', async () => {
    const ada = await newCustomer('Ada', 'Form');
    for (const username of ['ab', 'has space', 'jane@example.com', 'x'.repeat(31), 'bad!']) {
      expect(await call('saveProfile', { username, bio: null }, ada)).toMatchObject({
        ok: false,
        status: 'INVALID_ARGUMENT',
        message: ACCOUNT_MESSAGES.usernameInvalid,
      });
    }
    expect(await call('saveProfile', { username: 'Admin', bio: null }, ada)).toMatchObject({
      ok: false,
      message: ACCOUNT_MESSAGES.usernameTaken,
    });
    expect(
      await call('saveProfile', { username: 'fine_name', bio: 'x'.repeat(501) }, ada),
    ).toMatchObject({
      ok: false,
      status: 'INVALID_ARGUMENT',
    });
    expect((await profileOf(ada)).username).toBeNull();
  });

  it('refuses guests', async () => {
    expect(await call('saveProfile', { username: 'guest_user', bio: null })).toMatchObject({
      ok: false,
      status: 'UNAUTHENTICATED',
      message: ACCESS_MESSAGES.signInRequired,
    });
  });

  /**
   * Runs Delete Account for `leaver` and, from another tab, `meanwhile` once the deletion has
   * removed the account's personal records beside its profile (its play-protection record, the
   * step before the profile): answers both results.
   */
  async function deleteWhile<T>(leaver: Customer, meanwhile: () => Promise<T>) {
    const personalGone = new Promise<void>((resolve) => {
      const stop = adminDb.doc(protectionPath(leaver.uid)).onSnapshot((protection) => {
        if (protection.exists) return;
        stop();
        resolve();
      });
    });
    const deletion = call('deleteAccount', { confirmation: 'DELETE' }, leaver);
    const other = Promise.race([personalGone, deletion]).then(meanwhile);
    const [deleted, result] = await Promise.all([deletion, other]);
    expect(deleted.ok).toBe(true);
    await onUserDeleted.run({ uid: leaver.uid, email: leaver.email } as UserRecord, {
      params: {},
      eventType: 'providers/firebase.auth/eventTypes/user.delete',
      resource: { service: 'firebaseauth.googleapis.com', name: `projects/${TEST_PROJECT_ID}` },
    });
    return result;
  }

  it('releases a username claimed while the account is being deleted', async () => {
    // The customer's other tab saves a new username while Delete Account runs: once the
    // deletion is done (with the Auth trigger it sets off), no claim may be left holding the
    // name for an account that no longer exists.
    const leaver = await newCustomer('Lee', 'Leaver');
    expect((await adminDb.doc(protectionPath(leaver.uid)).get()).exists).toBe(true);
    await callOk('saveProfile', { username: freshName('lee'), bio: null }, leaver);
    const username = freshName('late');
    await deleteWhile(leaver, () => call('saveProfile', { username, bio: null }, leaver));
    const claims = await adminDb
      .collection(usernamesCollection)
      .where('uid', '==', leaver.uid)
      .get();
    expect({
      claims: claims.docs.map((claim) => claim.id),
      profile: (await adminDb.doc(userPath(leaver.uid)).get()).exists,
    }).toEqual({ claims: [], profile: false });
    expect(await claimOf(username.toLowerCase())).toBeNull();
  });

  it('leaves no raffle saved from another tab while the profile is being deleted', async () => {
    // The rules let the owner save a raffle while the profile exists: one saved as the
    // deletion sweeps the profile's saved raffles must not outlive the account.
    const leaver = await newCustomer('Sal', 'Saved');
    const [first, late] = [await createRaffle(), await createRaffle()];
    const saved = adminDb.collection(savedRafflesPath(leaver.uid));
    const save = (raffleId: string) =>
      setAsCustomer(leaver, `${saved.path}/${raffleId}`, { raffleId }, 'createdAt');
    expect(await save(first)).toBe(true);
    await deleteWhile(
      leaver,
      () =>
        new Promise<boolean>((resolve, reject) => {
          // As the sweep takes the first saved raffle away, another tab saves a second.
          const stop = saved.doc(first).onSnapshot((snapshot) => {
            if (snapshot.exists) return;
            stop();
            save(late).then(resolve, reject);
          });
        }),
    );
    expect((await saved.get()).docs.map((doc) => doc.id)).toEqual([]);
  });

  it('leaves no cart saved from another tab while the account is being deleted', async () => {
    // The rules let the owner save a cart while the profile exists: one saved as the
    // deletion removes the account's personal records must not outlive the account.
    const leaver = await newCustomer('Cal', 'Cart');
    const cart = `${cartsCollection}/${leaver.uid}`;
    const save = () =>
      setAsCustomer(
        leaver,
        cart,
        { items: [{ raffleId: 'any-raffle', quantity: 1 }] },
        'updatedAt',
      );
    expect(await save()).toBe(true);
    await deleteWhile(leaver, save);
    expect((await adminDb.doc(cart).get()).exists).toBe(false);
  });

  it('creates a missing profile on the server first', async () => {
    const lost = await newCustomer('Lou', 'Lost');
    await adminDb.doc(userPath(lost.uid)).delete();
    const username = freshName('lou');
    await callOk('saveProfile', { username, bio: null }, lost);
    expect(await profileOf(lost)).toMatchObject({ username, email: lost.email, banned: false });
  });
});

describe('ensureProfile', () => {
  it('creates the profile and settings when missing, once', async () => {
    const bea = await newCustomer('Bea', 'Missing');
    await adminDb.doc(userPath(bea.uid)).delete();
    await adminDb.doc(userSettingsPath(bea.uid)).delete();
    expect(await callOk('ensureProfile', {}, bea)).toEqual({ created: true });
    expect(await profileOf(bea)).toMatchObject({ email: bea.email, username: null, bio: null });
    expect((await adminDb.doc(userSettingsPath(bea.uid)).get()).data()).toMatchObject({
      emailNotifications: true,
      twoFactorEnabled: false,
    });
    expect(await callOk('ensureProfile', {}, bea)).toEqual({ created: false });
  });
});

describe('updatePersonalDetails', () => {
  const valid = {
    firstName: 'Pat',
    lastName: 'Person',
    phoneNumber: '+44 7700 900 456',
    dateOfBirth: '1991-02-03',
    bio: 'Hi',
  };

  it('saves names, a normalised UK phone number, the date of birth and the bio', async () => {
    const pat = await newCustomer('Pat', 'Before');
    await callOk('updatePersonalDetails', valid, pat);
    expect(await profileOf(pat)).toMatchObject({
      firstName: 'Pat',
      lastName: 'Person',
      phoneNumber: '+447700900456',
      dateOfBirth: '1991-02-03',
      bio: 'Hi',
    });
  });

  it("refuses each invalid field with the shop's message and changes nothing", async () => {
    const val = await newCustomer('Val', 'Idation');
    const before = await profileOf(val);
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ phoneNumber: '07700900456' }, ACCOUNT_MESSAGES.phoneInvalid],
      [{ phoneNumber: '+4477009004' }, ACCOUNT_MESSAGES.phoneInvalid],
      [{ firstName: '  ' }, ACCOUNT_MESSAGES.fullNameRequired],
      [{ dateOfBirth: '2099-01-01' }, ACCOUNT_MESSAGES.dateOfBirthInvalid],
      [{ dateOfBirth: '1990-02-30' }, ACCOUNT_MESSAGES.dateOfBirthInvalid],
    ];
    for (const [change, message] of refusals) {
      expect(await call('updatePersonalDetails', { ...valid, ...change }, val)).toMatchObject({
        ok: false,
        status: 'INVALID_ARGUMENT',
        message,
      });
    }
    expect(await profileOf(val)).toEqual(before);
  });

  it('refuses anyone under 18, counting calendar years', async () => {
    const kid = await newCustomer('Kid', 'Young');
    const today = new Date();
    const iso = (years: number, days: number) => {
      const date = new Date(
        Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() + days),
      );
      return date.toISOString().slice(0, 10);
    };
    // 18 × 365 days ago is a few days short of an 18th birthday: still refused.
    const daysAgo = new Date(Date.now() - 18 * 365 * 86_400_000).toISOString().slice(0, 10);
    for (const dateOfBirth of [iso(17, 0), daysAgo, iso(18, 2)]) {
      expect(await call('updatePersonalDetails', { dateOfBirth }, kid)).toMatchObject({
        ok: false,
        message: ACCOUNT_MESSAGES.underage,
      });
    }
    await callOk('updatePersonalDetails', { dateOfBirth: iso(18, -2) }, kid);
    expect((await profileOf(kid)).dateOfBirth).toBe(iso(18, -2));
  });

  it('updates only the fields given, and never removes a recorded date of birth', async () => {
    const ray = await newCustomer('Ray', 'Partial');
    await callOk('updatePersonalDetails', { phoneNumber: '+447700900111' }, ray);
    expect(await profileOf(ray)).toMatchObject({
      firstName: 'Ray',
      phoneNumber: '+447700900111',
      dateOfBirth: '1990-01-01',
    });
    expect(await call('updatePersonalDetails', { dateOfBirth: '' }, ray)).toMatchObject({
      ok: false,
      message: ACCOUNT_MESSAGES.dateOfBirthRequired,
    });
    await callOk('updatePersonalDetails', { phoneNumber: '' }, ray);
    expect(await profileOf(ray)).toMatchObject({ phoneNumber: null, dateOfBirth: '1990-01-01' });
  });

  it('refuses fields customers may not set, and empty requests', async () => {
    const eve = await newCustomer('Eve', 'Sneaky');
    expect(await callRaw('updatePersonalDetails', { banned: false }, eve)).toMatchObject({
      ok: false,
      status: 'INVALID_ARGUMENT',
    });
    expect(
      await callRaw('updatePersonalDetails', { firstName: 'Eve', email: 'x@example.com' }, eve),
    ).toMatchObject({ ok: false, status: 'INVALID_ARGUMENT' });
    expect(await call('updatePersonalDetails', {}, eve)).toMatchObject({
      ok: false,
      message: 'Nothing to update',
    });
    expect(await profileOf(eve)).toMatchObject({ firstName: 'Eve', email: eve.email });
  });
});
