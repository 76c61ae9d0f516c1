import { DEFAULT_SITE_SETTINGS, DEFAULT_SOCIAL_SETTINGS } from '@rafflewin/domain';
import {
  collection,
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
  EVERYONE,
  NOBODY,
  UIDS,
  notificationDoc as notification,
  rulesSuite,
  ts,
} from '../support/rules';

const smtp = {
  host: 'smtp.example.com',
  port: 587,
  secure: false,
  user: 'mailer',
  fromAddress: 'hello@example.com',
  fromName: 'RaffleWin',
  hasPassword: true,
  updatedAt: ts('2025-01-01T00:00:00Z'),
};

const suite = rulesSuite('settings', (put) => {
  put('settings/site', DEFAULT_SITE_SETTINGS);
  put('settings/social', DEFAULT_SOCIAL_SETTINGS);
  put('settings/internal', { note: 'not public' });
  put('settingsPrivate/smtp', smtp);
  put('settingsPrivate/smtpSecret', { password: 'hunter2' });
});

describe('settings/{settingId}', () => {
  suite.matrix('get the site settings', EVERYONE, (db) => getDoc(doc(db, 'settings/site')));
  suite.matrix('get the social links', EVERYONE, (db) => getDoc(doc(db, 'settings/social')));
  suite.matrix('get any other settings document', NOBODY, (db) =>
    getDoc(doc(db, 'settings/internal')),
  );
  suite.matrix('list the settings collection', NOBODY, (db) => getDocs(collection(db, 'settings')));
  suite.matrix('create a settings document', NOBODY, (db) =>
    setDoc(doc(db, 'settings/extra'), { a: 1 }),
  );
  suite.matrix('switch maintenance mode from a browser', NOBODY, (db) =>
    updateDoc(doc(db, 'settings/site'), { maintenanceMode: true }),
  );
  suite.matrix('delete the site settings', NOBODY, (db) => deleteDoc(doc(db, 'settings/site')));
});

describe('settingsPrivate/{settingId}', () => {
  suite.matrix('get the SMTP settings (no password)', ADMIN_ONLY, (db) =>
    getDoc(doc(db, 'settingsPrivate/smtp')),
  );
  suite.matrix('get the SMTP password', NOBODY, (db) =>
    getDoc(doc(db, 'settingsPrivate/smtpSecret')),
  );
  suite.matrix('list private settings', NOBODY, (db) => getDocs(collection(db, 'settingsPrivate')));
  suite.matrix('create private settings', NOBODY, (db) =>
    setDoc(doc(db, 'settingsPrivate/other'), { a: 1 }),
  );
  suite.matrix('change the SMTP host from a browser', NOBODY, (db) =>
    updateDoc(doc(db, 'settingsPrivate/smtp'), { host: 'evil.example.com' }),
  );
  suite.matrix('delete the SMTP settings', NOBODY, (db) =>
    deleteDoc(doc(db, 'settingsPrivate/smtp')),
  );
});

// In maintenance mode only administrators use the site: the `customer` callables refuse
// everyone else (lib/access.ts), and so must the rules for what a browser writes itself, or a
// customer's token (from before the switch, or from Auth's own sign-in API) keeps changing
// the names, cart, saved raffles and preferences the callables refuse to touch.
const inMaintenance = rulesSuite('maintenance', (put) => {
  put('settings/site', { ...DEFAULT_SITE_SETTINGS, maintenanceMode: true });
  put('raffles/r1', { active: true, name: 'One' });
  for (const uid of [UIDS.owner, UIDS.admin]) {
    put(`users/${uid}/notifications/n1`, notification);
    put(`carts/${uid}`, { items: [], updatedAt: ts('2025-01-01T00:00:00Z') });
  }
});

describe('customers’ own data in maintenance mode', () => {
  const names = { firstName: 'Al', updatedAt: serverTimestamp() };
  const cart = { items: [{ raffleId: 'r1', quantity: 2 }], updatedAt: serverTimestamp() };

  inMaintenance.matrix('edit their names', NOBODY, (db, subject) =>
    updateDoc(doc(db, `users/${subject}`), names),
  );
  inMaintenance.matrix('write their cart', NOBODY, (db, subject) =>
    setDoc(doc(db, `carts/${subject}`), cart),
  );
  inMaintenance.check('empty their cart', 'owner', false, (db, subject) =>
    deleteDoc(doc(db, `carts/${subject}`)),
  );
  inMaintenance.check('save a raffle', 'owner', false, (db, subject) =>
    setDoc(doc(db, `users/${subject}/savedRaffles/r1`), {
      raffleId: 'r1',
      createdAt: serverTimestamp(),
    }),
  );
  inMaintenance.check('turn marketing e-mails on', 'owner', false, (db, subject) =>
    updateDoc(doc(db, `users/${subject}/settings/preferences`), { marketingEmails: true }),
  );
  inMaintenance.check('mark a notification read', 'owner', false, (db, subject) =>
    updateDoc(doc(db, `users/${subject}/notifications/n1`), { isRead: true }),
  );
  inMaintenance.check('delete a notification', 'owner', false, (db, subject) =>
    deleteDoc(doc(db, `users/${subject}/notifications/n1`)),
  );
  inMaintenance.check('still read their profile', 'owner', true, (db, subject) =>
    getDoc(doc(db, `users/${subject}`)),
  );

  // Administrators work through maintenance, on their own data too.
  inMaintenance.check('edit their own names', 'admin', true, (db) =>
    updateDoc(doc(db, `users/${UIDS.admin}`), names),
  );
  inMaintenance.check('write their own cart', 'admin', true, (db) =>
    setDoc(doc(db, `carts/${UIDS.admin}`), cart),
  );
  inMaintenance.check('mark their own notification read', 'admin', true, (db) =>
    updateDoc(doc(db, `users/${UIDS.admin}/notifications/n1`), { isRead: true }),
  );
});
