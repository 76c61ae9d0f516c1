import { DEFAULT_SITE_SETTINGS, DEFAULT_SOCIAL_SETTINGS } from '@rafflewin/domain';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { ADMIN_ONLY, EVERYONE, NOBODY, rulesSuite, ts } from '../support/rules';

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
