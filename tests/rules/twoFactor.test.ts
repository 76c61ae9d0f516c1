import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { NOBODY, OWNER_ONLY, UIDS, rulesSuite, ts } from '../support/rules';

const AUTH_TIME = 1735689600;

const secret = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  pendingSecret: null,
  pendingCreatedAt: null,
  enabledAt: ts('2025-01-01T00:00:00Z'),
  lastUsedStep: 0,
};

const session = {
  authTime: AUTH_TIME,
  verifiedAt: ts('2025-01-01T00:00:00Z'),
  expiresAt: ts('2025-01-01T12:00:00Z'),
};

const preferences = {
  twoFactorEnabled: true,
  emailNotifications: true,
  marketingEmails: false,
  language: 'en',
  timezone: 'UTC',
};

const challenge = (uid: string) => ({
  uid,
  createdAt: ts('2025-01-01T00:00:00Z'),
  expiresAt: ts('2100-01-01T00:00:00Z'),
  attempts: 0,
});

const suite = rulesSuite('two-factor', (put) => {
  for (const uid of [UIDS.owner, UIDS.banned]) {
    put(`twoFactorChallenges/${uid}CHALLENGE`, challenge(uid));
    put(`twoFactorSecrets/${uid}`, secret);
    put(`passwordSets/${uid}`, { authPasswordSetAt: 1735689600000, outsideSetAt: null });
    put(`users/${uid}/twoFactorSessions/${AUTH_TIME}`, session);
    put(`users/${uid}/settings/preferences`, preferences);
  }
});

describe('twoFactorSecrets/{uid}', () => {
  suite.matrix('read a TOTP secret', NOBODY, (db, subject) =>
    getDoc(doc(db, `twoFactorSecrets/${subject}`)),
  );
  suite.matrix('list TOTP secrets', NOBODY, (db) => getDocs(collection(db, 'twoFactorSecrets')));
  suite.matrix('plant a TOTP secret', NOBODY, (db, subject) =>
    setDoc(doc(db, `twoFactorSecrets/${subject}-new`), secret),
  );
  suite.matrix('replace a TOTP secret', NOBODY, (db, subject) =>
    updateDoc(doc(db, `twoFactorSecrets/${subject}`), {
      secret: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    }),
  );
  suite.matrix('delete a TOTP secret', NOBODY, (db, subject) =>
    deleteDoc(doc(db, `twoFactorSecrets/${subject}`)),
  );
});

describe('passwordSets/{uid}', () => {
  // Moving the time the shop keeps would make a password set past the shop pass as the shop's.
  suite.matrix('read when the shop set a password', NOBODY, (db, subject) =>
    getDoc(doc(db, `passwordSets/${subject}`)),
  );
  suite.matrix('list password times', NOBODY, (db) => getDocs(collection(db, 'passwordSets')));
  suite.matrix('plant a password time', NOBODY, (db, subject) =>
    setDoc(doc(db, `passwordSets/${subject}-new`), { authPasswordSetAt: null, outsideSetAt: null }),
  );
  suite.matrix('move a password time', NOBODY, (db, subject) =>
    updateDoc(doc(db, `passwordSets/${subject}`), { authPasswordSetAt: Date.now() }),
  );
  suite.matrix('delete a password time', NOBODY, (db, subject) =>
    deleteDoc(doc(db, `passwordSets/${subject}`)),
  );
});

describe('twoFactorChallenges/{id}', () => {
  // Only its id leaves the server: nobody reads, lists, plants or spends one from a browser.
  suite.matrix("read a sign-in's challenge", NOBODY, (db, subject) =>
    getDoc(doc(db, `twoFactorChallenges/${subject}CHALLENGE`)),
  );
  suite.matrix('list challenges', NOBODY, (db) => getDocs(collection(db, 'twoFactorChallenges')));
  suite.matrix('plant a challenge', NOBODY, (db, subject) =>
    setDoc(doc(db, `twoFactorChallenges/${subject}NEW`), challenge(subject)),
  );
  suite.matrix('reset its wrong codes', NOBODY, (db, subject) =>
    updateDoc(doc(db, `twoFactorChallenges/${subject}CHALLENGE`), { attempts: 0 }),
  );
  suite.matrix('delete a challenge', NOBODY, (db, subject) =>
    deleteDoc(doc(db, `twoFactorChallenges/${subject}CHALLENGE`)),
  );
});

describe('users/{uid}/twoFactorSessions/{key}', () => {
  const path = (uid: string) => `users/${uid}/twoFactorSessions/${AUTH_TIME}`;
  // With the first factor alone: the sign-in page waits for its verification record.
  suite.matrix('read a verified sign-in', { ...OWNER_ONLY, ownerOwesCode: true }, (db, subject) =>
    getDoc(doc(db, path(subject))),
  );
  suite.matrix('list verified sign-ins', NOBODY, (db, subject) =>
    getDocs(collection(db, `users/${subject}/twoFactorSessions`)),
  );
  suite.matrix('mark a sign-in verified without a code', NOBODY, (db, subject) =>
    setDoc(doc(db, `users/${subject}/twoFactorSessions/${AUTH_TIME + 60}`), {
      ...session,
      authTime: AUTH_TIME + 60,
    }),
  );
  suite.matrix('extend a verification', NOBODY, (db, subject) =>
    updateDoc(doc(db, path(subject)), { expiresAt: ts('2030-01-01T00:00:00Z') }),
  );
  suite.matrix('delete a verification', NOBODY, (db, subject) => deleteDoc(doc(db, path(subject))));
});

describe('users/{uid}/settings/preferences (two-factor flag)', () => {
  suite.matrix('turn two-factor off without a code', NOBODY, (db, subject) =>
    updateDoc(doc(db, `users/${subject}/settings/preferences`), { twoFactorEnabled: false }),
  );
});
