import {
  DEFAULT_USER_SETTINGS,
  userPath,
  userProfileSchema,
  userSettingsPath,
  parseDocument,
} from '@rafflewin/domain';
import { adminAuth, adminDb, eventually, uniqueEmail } from '../support/admin';

describe('onUserCreated (Auth trigger)', () => {
  it('creates the profile and the settings with the spec defaults', async () => {
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
      { what: 'the profile document' },
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
      { what: 'the settings document' },
    );
    expect(settings).toEqual(DEFAULT_USER_SETTINGS);
  });
});
