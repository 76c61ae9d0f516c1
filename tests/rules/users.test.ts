import { DEFAULT_USER_SETTINGS, NOTIFICATION_KINDS } from '@rafflewin/domain';
import {
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  updateDoc,
} from 'firebase/firestore';
import {
  ADMIN_ONLY,
  NOBODY,
  OWNER_AND_ADMIN,
  OWNER_ONLY,
  UIDS,
  rulesSuite,
  ts,
} from '../support/rules';

const suite = rulesSuite('users', (put) => {
  for (const uid of [UIDS.owner, UIDS.banned]) {
    // Two-factor on, as the base seed has it for the owner (see tests/support/rules.ts).
    put(`users/${uid}/settings/preferences`, { ...DEFAULT_USER_SETTINGS, twoFactorEnabled: true });
    put(`users/${uid}/devices/${'a'.repeat(40)}`, {
      uid,
      token: `fcm-token-${uid}`,
      label: 'Chrome on Android',
      createdAt: ts('2025-01-01T00:00:00Z'),
      lastUsedAt: ts('2025-01-01T00:00:00Z'),
    });
    put(`users/${uid}/endingSoonSent/r1`, { raffleId: 'r1', sentAt: ts('2025-01-01T00:00:00Z') });
    put(`users/${uid}/signInDevices/d1`, {
      lastSignInAt: ts('2025-01-01T00:00:00Z'),
      expiresAt: ts('2025-07-01T00:00:00Z'),
    });
  }
});

const profileEdit = (changes: Record<string, unknown>) => ({
  ...changes,
  updatedAt: serverTimestamp(),
});

describe('users/{uid}', () => {
  suite.matrix('get the profile', OWNER_AND_ADMIN, (db, subject) =>
    getDoc(doc(db, `users/${subject}`)),
  );
  suite.matrix('list every profile', ADMIN_ONLY, (db) => getDocs(collection(db, 'users')));
  suite.matrix("create someone else's profile", NOBODY, (db) =>
    setDoc(doc(db, 'users/zed'), { email: 'zed@example.com', banned: false }),
  );
  suite.checkAs('create their own profile (the Auth trigger does)', 'newcomer', false, (db) =>
    setDoc(doc(db, 'users/newcomer'), { email: 'newcomer@example.com', banned: false }),
  );
  suite.matrix('edit the bio and names', OWNER_ONLY, (db, subject) =>
    updateDoc(
      doc(db, `users/${subject}`),
      profileEdit({ bio: 'Hello', firstName: 'Al', lastName: 'T' }),
    ),
  );
  suite.matrix('delete the profile', NOBODY, (db, subject) =>
    deleteDoc(doc(db, `users/${subject}`)),
  );

  suite.check('set a valid UK phone number', 'owner', true, (db, subject) =>
    updateDoc(doc(db, `users/${subject}`), profileEdit({ phoneNumber: '+447700900123' })),
  );
  suite.check('set a phone number that is not +44 and 10 digits', 'owner', false, (db, subject) =>
    updateDoc(doc(db, `users/${subject}`), profileEdit({ phoneNumber: '07700900123' })),
  );
  suite.check('make themselves an administrator', 'owner', false, (db, subject) =>
    updateDoc(doc(db, `users/${subject}`), profileEdit({ admin: true })),
  );
  suite.check('ban themselves or anyone', 'owner', false, (db, subject) =>
    updateDoc(doc(db, `users/${subject}`), profileEdit({ banned: true })),
  );
  suite.check('lift their own ban', 'banned', false, (db, subject) =>
    updateDoc(doc(db, `users/${subject}`), profileEdit({ banned: false })),
  );
  suite.check('erase their ban reason', 'banned', false, (db, subject) =>
    updateDoc(doc(db, `users/${subject}`), profileEdit({ banReason: null, bannedAt: null })),
  );
  suite.check('record a ban reason on their own profile', 'owner', false, (db, subject) =>
    updateDoc(doc(db, `users/${subject}`), profileEdit({ banReason: 'framed', bannedBy: 'alice' })),
  );
  suite.matrix('write a ban from a browser, even as an administrator', NOBODY, (db, subject) =>
    updateDoc(doc(db, `users/${subject}`), { banned: true, banReason: 'x', bannedBy: 'admin' }),
  );
  suite.check('change the e-mail copy', 'owner', false, (db, subject) =>
    updateDoc(doc(db, `users/${subject}`), profileEdit({ email: 'other@example.com' })),
  );
  suite.check('change the username without the uniqueness callable', 'owner', false, (db, s) =>
    updateDoc(doc(db, `users/${s}`), profileEdit({ username: 'bob' })),
  );
  suite.check('change the date of birth without the age check', 'owner', false, (db, subject) =>
    updateDoc(doc(db, `users/${subject}`), profileEdit({ dateOfBirth: '2015-01-01' })),
  );
  suite.check('store a bio over 500 characters', 'owner', false, (db, subject) =>
    updateDoc(doc(db, `users/${subject}`), profileEdit({ bio: 'x'.repeat(501) })),
  );
  // Blank or untrimmed text is stored by no callable (saveProfile keeps a blank bio as none).
  const untrimmedBios = {
    'that is empty': '',
    'of one space': ' ',
    'of Unicode spaces only': '\u00a0\u3000',
    'with a space before it': ' padded',
    'with a line break after it': 'padded\n',
    'with a byte-order mark before it': '\ufeffmarked',
  };
  for (const [what, bio] of Object.entries(untrimmedBios)) {
    suite.check(`store a bio ${what}`, 'owner', false, (db, subject) =>
      updateDoc(doc(db, `users/${subject}`), profileEdit({ bio })),
    );
  }
  suite.check('store a first name with a space before it', 'owner', false, (db, subject) =>
    updateDoc(doc(db, `users/${subject}`), profileEdit({ firstName: ' Al' })),
  );
  suite.check('store a one-letter trimmed first name and no bio', 'owner', true, (db, subject) =>
    updateDoc(doc(db, `users/${subject}`), profileEdit({ firstName: 'A', bio: null })),
  );
  suite.check('store a first name that is not text', 'owner', false, (db, subject) =>
    updateDoc(doc(db, `users/${subject}`), profileEdit({ firstName: 42 })),
  );
  suite.check('blank a last name (Update Profile requires one)', 'owner', false, (db, subject) =>
    updateDoc(doc(db, `users/${subject}`), profileEdit({ lastName: '   ' })),
  );
  suite.check('remove a first name', 'owner', false, (db, subject) =>
    updateDoc(doc(db, `users/${subject}`), profileEdit({ firstName: null })),
  );
  suite.check('store a first name over 60 characters', 'owner', false, (db, subject) =>
    updateDoc(doc(db, `users/${subject}`), profileEdit({ firstName: 'x'.repeat(61) })),
  );
  suite.check('add an unknown field', 'owner', false, (db, subject) =>
    updateDoc(doc(db, `users/${subject}`), profileEdit({ nickname: 'Ali' })),
  );
  suite.check('backdate updatedAt', 'owner', false, (db, subject) =>
    updateDoc(doc(db, `users/${subject}`), {
      bio: 'Hi',
      updatedAt: ts('2020-01-01T00:00:00Z'),
    }),
  );
});

describe('users/{uid}/settings/{settingId}', () => {
  const preferences = (subject: string) => `users/${subject}/settings/preferences`;

  // With the first factor alone: the sign-in page reads whether a code is owed.
  suite.matrix('get the preferences', { ...OWNER_ONLY, ownerOwesCode: true }, (db, subject) =>
    getDoc(doc(db, preferences(subject))),
  );
  suite.matrix('list the settings', NOBODY, (db, subject) =>
    getDocs(collection(db, `users/${subject}/settings`)),
  );
  suite.matrix('create another settings document', NOBODY, (db, subject) =>
    setDoc(doc(db, `users/${subject}/settings/other`), DEFAULT_USER_SETTINGS),
  );
  suite.matrix('turn marketing e-mails on, stamped with the time', OWNER_ONLY, (db, subject) =>
    updateDoc(doc(db, preferences(subject)), {
      marketingEmails: true,
      marketingEmailsChangedAt: serverTimestamp(),
    }),
  );
  suite.check('turn marketing e-mails on with no record of when', 'owner', false, (db, subject) =>
    updateDoc(doc(db, preferences(subject)), { marketingEmails: true }),
  );
  suite.check('backdate the marketing consent', 'owner', false, (db, subject) =>
    updateDoc(doc(db, preferences(subject)), {
      marketingEmails: true,
      marketingEmailsChangedAt: ts('2020-01-01T00:00:00Z'),
    }),
  );
  suite.check('move the consent time without the choice', 'owner', false, (db, subject) =>
    updateDoc(doc(db, preferences(subject)), {
      marketingEmailsChangedAt: ts('2020-01-01T00:00:00Z'),
    }),
  );
  suite.check('save the same choice again, stamped', 'owner', true, (db, subject) =>
    updateDoc(doc(db, preferences(subject)), {
      marketingEmails: false,
      marketingEmailsChangedAt: serverTimestamp(),
    }),
  );
  suite.matrix('delete the preferences', NOBODY, (db, subject) =>
    deleteDoc(doc(db, preferences(subject))),
  );
  suite.check('switch two-factor off without the callable', 'owner', false, (db, subject) =>
    updateDoc(doc(db, preferences(subject)), { twoFactorEnabled: false }),
  );
  suite.check('store a language that is not text', 'owner', false, (db, subject) =>
    updateDoc(doc(db, preferences(subject)), { language: 7 }),
  );
  suite.check('add an unknown preference', 'owner', false, (db, subject) =>
    updateDoc(doc(db, preferences(subject)), { theme: 'dark' }),
  );
  const everyKind = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, { email: false, push: false }]),
  );
  suite.matrix('choose e-mail and push for every kind of notification', OWNER_ONLY, (db, subject) =>
    updateDoc(doc(db, preferences(subject)), { notificationChannels: everyKind }),
  );
  suite.check('choose channels for an unknown kind', 'owner', false, (db, subject) =>
    updateDoc(doc(db, preferences(subject)), { notificationChannels: { sms: { push: true } } }),
  );
  suite.check('choose an unknown channel', 'owner', false, (db, subject) =>
    updateDoc(doc(db, preferences(subject)), { notificationChannels: { win: { sms: true } } }),
  );
  suite.check('store a channel choice that is not true or false', 'owner', false, (db, subject) =>
    updateDoc(doc(db, preferences(subject)), { notificationChannels: { win: { push: 'yes' } } }),
  );
  suite.check('store the channels as a list', 'owner', false, (db, subject) =>
    updateDoc(doc(db, preferences(subject)), { notificationChannels: ['win'] }),
  );
});

describe('users/{uid}/devices/{deviceId}', () => {
  const device = (subject: string) => `users/${subject}/devices/${'a'.repeat(40)}`;
  const data = (subject: string) => ({
    uid: subject,
    token: 'fcm-token',
    label: 'Chrome on Android',
    createdAt: ts('2025-01-01T00:00:00Z'),
    lastUsedAt: ts('2025-01-01T00:00:00Z'),
  });
  suite.matrix('get a push device (and its token)', OWNER_ONLY, (db, subject) =>
    getDoc(doc(db, device(subject))),
  );
  suite.matrix('list the push devices', OWNER_ONLY, (db, subject) =>
    getDocs(collection(db, `users/${subject}/devices`)),
  );
  suite.matrix('register a device without the callable', NOBODY, (db, subject) =>
    setDoc(doc(db, `users/${subject}/devices/${'b'.repeat(40)}`), data(subject)),
  );
  suite.matrix("change a device's token", NOBODY, (db, subject) =>
    updateDoc(doc(db, device(subject)), { token: 'someone-elses-token' }),
  );
  suite.matrix('remove a device without the callable', NOBODY, (db, subject) =>
    deleteDoc(doc(db, device(subject))),
  );
  suite.check("list every account's push tokens", 'admin', false, (db) =>
    getDocs(collectionGroup(db, 'devices')),
  );
});

describe('users/{uid}/endingSoonSent/{raffleId}', () => {
  const record = (subject: string) => `users/${subject}/endingSoonSent/r1`;
  suite.matrix('read that "ending soon" was sent', NOBODY, (db, subject) =>
    getDoc(doc(db, record(subject))),
  );
  suite.matrix('delete the record, to be told again', NOBODY, (db, subject) =>
    deleteDoc(doc(db, record(subject))),
  );
});

describe('users/{uid}/signInDevices/{id}', () => {
  const record = (subject: string) => `users/${subject}/signInDevices/d1`;
  suite.matrix('read a browser known for signing in', NOBODY, (db, subject) =>
    getDoc(doc(db, record(subject))),
  );
  suite.matrix('list the browsers known for signing in', NOBODY, (db, subject) =>
    getDocs(collection(db, `users/${subject}/signInDevices`)),
  );
  suite.matrix('make a browser known for signing in', NOBODY, (db, subject) =>
    setDoc(doc(db, `users/${subject}/signInDevices/d2`), {
      lastSignInAt: serverTimestamp(),
      expiresAt: ts('2099-01-01T00:00:00Z'),
    }),
  );
  suite.matrix('forget a browser known for signing in', NOBODY, (db, subject) =>
    deleteDoc(doc(db, record(subject))),
  );
});

describe('emulatorPushMessages (the emulator stand-in for FCM)', () => {
  suite.check('read the messages pushed', 'admin', false, (db) =>
    getDocs(collection(db, 'emulatorPushMessages')),
  );
  suite.check('answer "unregistered" for a token', 'owner', false, (db) =>
    setDoc(doc(db, 'emulatorPushMessages/_unregistered'), { tokens: ['x'] }),
  );
});
