import {
  DEFAULT_USER_SETTINGS,
  userPath,
  userProfileSchema,
  userSettingsPath,
  parseDocument,
} from '@rafflewin/domain';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import {
  AUTH_TRIGGER_WAIT_MS,
  adminAuth,
  adminDb,
  eventually,
  uniqueEmail,
} from '../support/admin';
import { post as authApi } from '../support/authRest';

jest.setTimeout(2 * AUTH_TRIGGER_WAIT_MS);

describe('onUserCreated (Auth trigger)', () => {
  it('creates the profile and the settings with their defaults', async () => {
    const email = uniqueEmail('Trigger');
    const user = await adminAuth.createUser({
      email,
      password: 'Str0ng!pass',
      displayName: 'Ada Lovelace',
    });

    const profile = await eventually(
      async () => {
        const snap = await adminDb.doc(userPath(user.uid)).get();
        return snap.exists ? parseDocument(userProfileSchema, snap.data(), snap.id) : null;
      },
      { what: 'the profile document', timeoutMs: AUTH_TRIGGER_WAIT_MS },
    );
    expect(profile).toMatchObject({
      email: email.toLowerCase(),
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: null,
      banned: false,
    });

    const settings = await eventually(
      async () => (await adminDb.doc(userSettingsPath(user.uid)).get()).data(),
      { what: 'the settings document', timeoutMs: AUTH_TRIGGER_WAIT_MS },
    );
    expect(settings).toEqual(DEFAULT_USER_SETTINGS);
  });

  it("leaves another project's accounts out of this project's users", async () => {
    // The Auth emulator sends every project's account events to the one Functions emulator
    // (the in-process suites each have a project of their own).
    const elsewhere = getAuth(initializeApp({ projectId: 'demo-elsewhere' }, 'elsewhere'));
    const stranger = await elsewhere.createUser({ email: uniqueEmail('Elsewhere') });
    const own = await adminAuth.createUser({ email: uniqueEmail('Here') });
    // Theirs was sent first: handled as ours is, its profile would be there by the time ours is.
    await eventually(async () => (await adminDb.doc(userPath(own.uid)).get()).exists || null, {
      what: 'the profile of this project’s account',
      timeoutMs: AUTH_TRIGGER_WAIT_MS,
    });
    expect((await adminDb.doc(userPath(stranger.uid)).get()).exists).toBe(false);
    expect((await adminDb.doc(userSettingsPath(stranger.uid)).get()).exists).toBe(false);
  });

  it('removes an account made without an e-mail (Auth’s own anonymous sign-up) before it has a profile', async () => {
    // Anonymous sign-up runs no blocking function, nor does linking an address and password to
    // it: before, it became a customer past closed registration and every sign-up check.
    const anonymous = await authApi<{ localId: string; idToken: string }>('accounts:signUp', {
      returnSecureToken: true,
    });
    await eventually(
      () =>
        adminAuth.getUser(anonymous.localId).then(
          () => null,
          () => true,
        ),
      { what: 'the anonymous account to go', timeoutMs: AUTH_TRIGGER_WAIT_MS },
    );
    expect((await adminDb.doc(userPath(anonymous.localId)).get()).exists).toBe(false);
    await expect(
      authApi('accounts:update', {
        idToken: anonymous.idToken,
        email: uniqueEmail('linked'),
        password: 'Str0ng!pass',
        returnSecureToken: true,
      }),
    ).rejects.toThrow();
  });
});
