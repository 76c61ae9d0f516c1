import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  setDoc,
  updateDoc,
  where,
} from 'firebase/firestore';
import { ADMIN_ONLY, NOBODY, rulesSuite, ts } from '../support/rules';

const mail = {
  to: 'alice@example.com',
  subject: 'Your tickets',
  text: 'Numbers 1, 2',
  html: null,
  status: 'pending',
  attempts: 0,
  lastError: null,
  createdAt: ts('2025-01-01T00:00:00Z'),
  sentAt: null,
};

const audit = {
  actorUid: 'admin',
  actorEmail: 'admin@example.com',
  action: 'raffle.update',
  target: 'raffles/live',
  before: { name: 'A' },
  after: { name: 'B' },
  at: ts('2025-01-01T00:00:00Z'),
};

const broadcast = {
  title: 'New raffles',
  type: 'system',
  message: 'Three new prizes.',
  marketing: false,
  status: 'sending',
  total: 10,
  processed: 5,
  sent: 5,
  failed: 0,
  cursor: 'u5',
  by: 'admin',
  startedAt: ts('2025-01-01T00:00:00Z'),
  finishedAt: null,
};

const promo = {
  kind: 'percent',
  value: 10,
  startsAt: null,
  endsAt: null,
  maxUses: 100,
  maxUsesPerCustomer: 1,
  minSpend: 0,
  raffleIds: [],
  active: true,
  uses: 3,
  createdAt: ts('2025-01-01T00:00:00Z'),
  updatedAt: ts('2025-01-01T00:00:00Z'),
};

const suite = rulesSuite('server-only', (put) => {
  put('promoCodes/SPRING-10', promo);
  put('promoCodes/SPRING-10/customers/alice', { uses: 1 });
  put('mail/m1', mail);
  put('auditLog/a1', audit);
  put('notificationBroadcasts/b1', broadcast);
  put('raffleSearch/r1', {
    name: 'MacBook Air',
    terms: ['macbook', 'air', 'mac'],
    category: 'tech',
    active: true,
    startDate: ts('2025-01-01T00:00:00Z'),
    endDate: ts('2025-02-01T00:00:00Z'),
  });
  put('usernames/alice', { uid: 'alice' });
  put('stripeCustomers/alice', { customerId: 'cus_alice', createdAt: ts('2025-01-01T00:00:00Z') });
  put('postalCredits/r1_alice', {
    raffleId: 'r1',
    userId: 'alice',
    creditPence: 199,
    postalEntryId: 'p1',
    createdAt: ts('2025-01-01T00:00:00Z'),
  });
  put('selfExclusions/abc123', {
    breakPermanent: true,
    breakUntil: null,
    recordedAt: ts('2025-01-01T00:00:00Z'),
  });
  put('emailChanges/alice', { codeHash: 'c0de', newEmail: 'alice-new@example.com' });
  put('pendingDeletions/alice', { email: 'alice@example.com', since: ts('2025-01-01T00:00:00Z') });
  put('checkoutLocks/alice', { lastReservation: 's1', at: ts('2025-01-01T00:00:00Z') });
  put('claimChanges/alice', { holder: 'h1', until: 4102444800000 });
  put('libraryUploads/u1-prize.png', { imageId: 'prize', createdAt: ts('2025-01-01T00:00:00Z') });
  put('rateLimits/k1', {
    hits: [ts('2025-01-01T00:00:00Z')],
    expiresAt: ts('2025-01-01T01:00:00Z'),
  });
});

describe('mail/{mailId}', () => {
  suite.matrix('read a queued e-mail', NOBODY, (db) => getDoc(doc(db, 'mail/m1')));
  suite.matrix('list the outbox', NOBODY, (db) => getDocs(collection(db, 'mail')));
  suite.matrix('queue an e-mail', NOBODY, (db) => setDoc(doc(db, 'mail/m2'), mail));
  suite.matrix('mark an e-mail sent', NOBODY, (db) =>
    updateDoc(doc(db, 'mail/m1'), { status: 'sent' }),
  );
  suite.matrix('delete an e-mail', NOBODY, (db) => deleteDoc(doc(db, 'mail/m1')));
});

describe('auditLog/{entryId}', () => {
  suite.matrix('read an audit entry', ADMIN_ONLY, (db) => getDoc(doc(db, 'auditLog/a1')));
  suite.matrix('list the audit log', ADMIN_ONLY, (db) => getDocs(collection(db, 'auditLog')));
  suite.matrix('forge an audit entry', NOBODY, (db) => setDoc(doc(db, 'auditLog/a2'), audit));
  suite.matrix('rewrite an audit entry', NOBODY, (db) =>
    updateDoc(doc(db, 'auditLog/a1'), { action: 'nothing' }),
  );
  suite.matrix('erase an audit entry', NOBODY, (db) => deleteDoc(doc(db, 'auditLog/a1')));
});

describe('promoCodes/{code}', () => {
  suite.matrix('read a promo code', ADMIN_ONLY, (db) => getDoc(doc(db, 'promoCodes/SPRING-10')));
  suite.matrix('list the promo codes', ADMIN_ONLY, (db) => getDocs(collection(db, 'promoCodes')));
  suite.matrix('see who used a code', ADMIN_ONLY, (db) =>
    getDocs(collection(db, 'promoCodes/SPRING-10/customers')),
  );
  suite.matrix('make up a promo code', NOBODY, (db) =>
    setDoc(doc(db, 'promoCodes/FREE-ALL'), { ...promo, value: 100 }),
  );
  suite.matrix('reset a code to unused', NOBODY, (db) =>
    updateDoc(doc(db, 'promoCodes/SPRING-10'), { uses: 0 }),
  );
  suite.matrix('forget one has used a code', NOBODY, (db) =>
    deleteDoc(doc(db, 'promoCodes/SPRING-10/customers/alice')),
  );
  suite.matrix('erase a promo code', NOBODY, (db) => deleteDoc(doc(db, 'promoCodes/SPRING-10')));
});

describe('notificationBroadcasts/{broadcastId}', () => {
  suite.matrix('follow a send to all', ADMIN_ONLY, (db) =>
    getDoc(doc(db, 'notificationBroadcasts/b1')),
  );
  suite.matrix('list the sends to all', ADMIN_ONLY, (db) =>
    getDocs(collection(db, 'notificationBroadcasts')),
  );
  suite.matrix('start a send to all directly', NOBODY, (db) =>
    setDoc(doc(db, 'notificationBroadcasts/b2'), broadcast),
  );
  suite.matrix('mark a send to all done', NOBODY, (db) =>
    updateDoc(doc(db, 'notificationBroadcasts/b1'), { status: 'done', sent: 10 }),
  );
  suite.matrix('erase a send to all', NOBODY, (db) =>
    deleteDoc(doc(db, 'notificationBroadcasts/b1')),
  );
});

describe('raffleSearch/{raffleId}', () => {
  suite.matrix('search the raffles', ADMIN_ONLY, (db) =>
    getDocs(query(collection(db, 'raffleSearch'), where('terms', 'array-contains', 'mac'))),
  );
  suite.matrix('plant a search entry', NOBODY, (db) =>
    setDoc(doc(db, 'raffleSearch/r2'), { name: 'Fake', terms: ['fake'] }),
  );
  suite.matrix('rename a search entry', NOBODY, (db) =>
    updateDoc(doc(db, 'raffleSearch/r1'), { name: 'Other' }),
  );
});

describe('usernames/{username}', () => {
  suite.matrix('look up who owns a username', NOBODY, (db) => getDoc(doc(db, 'usernames/alice')));
  suite.matrix('list usernames', NOBODY, (db) => getDocs(collection(db, 'usernames')));
  suite.matrix('claim a username directly', NOBODY, (db, _subject, uid) =>
    setDoc(doc(db, 'usernames/newname'), { uid: uid ?? 'nobody' }),
  );
  suite.matrix('take over a username', NOBODY, (db, _subject, uid) =>
    updateDoc(doc(db, 'usernames/alice'), { uid: uid ?? 'nobody' }),
  );
  suite.matrix('release a username', NOBODY, (db) => deleteDoc(doc(db, 'usernames/alice')));
});

describe('rateLimits/{key}', () => {
  suite.matrix('read a rate limit', NOBODY, (db) => getDoc(doc(db, 'rateLimits/k1')));
  suite.matrix('list rate limits', NOBODY, (db) => getDocs(collection(db, 'rateLimits')));
  suite.matrix('reset a rate limit', NOBODY, (db) =>
    setDoc(doc(db, 'rateLimits/k1'), { hits: [], expiresAt: ts('2025-01-01T00:00:00Z') }),
  );
  suite.matrix('delete a rate limit', NOBODY, (db) => deleteDoc(doc(db, 'rateLimits/k1')));
});

describe('stripeCustomers/{uid}', () => {
  suite.matrix("read a customer's Stripe customer", NOBODY, (db) =>
    getDoc(doc(db, 'stripeCustomers/alice')),
  );
  suite.matrix('list Stripe customers', NOBODY, (db) => getDocs(collection(db, 'stripeCustomers')));
  suite.matrix('link a Stripe customer', NOBODY, (db, subject) =>
    setDoc(doc(db, `stripeCustomers/${subject}`), {
      customerId: 'cus_forged',
      createdAt: ts('2025-01-01T00:00:00Z'),
    }),
  );
  suite.matrix('swap the Stripe customer', NOBODY, (db) =>
    updateDoc(doc(db, 'stripeCustomers/alice'), { customerId: 'cus_other' }),
  );
  suite.matrix('unlink the Stripe customer', NOBODY, (db) =>
    deleteDoc(doc(db, 'stripeCustomers/alice')),
  );
});

describe('postalCredits/{raffleId_uid}', () => {
  suite.matrix('read whether a late postcard was credited', NOBODY, (db) =>
    getDoc(doc(db, 'postalCredits/r1_alice')),
  );
  suite.matrix('forget a credit, to be credited again', NOBODY, (db) =>
    deleteDoc(doc(db, 'postalCredits/r1_alice')),
  );
  suite.matrix('record a credit', NOBODY, (db, subject) =>
    setDoc(doc(db, `postalCredits/r2_${subject}`), { raffleId: 'r2', userId: subject }),
  );
});

describe('selfExclusions/{addressKey}', () => {
  suite.matrix('read a carried self-exclusion', NOBODY, (db) =>
    getDoc(doc(db, 'selfExclusions/abc123')),
  );
  suite.matrix('list the self-exclusions', NOBODY, (db) =>
    getDocs(collection(db, 'selfExclusions')),
  );
  suite.matrix('lift a carried self-exclusion', NOBODY, (db) =>
    deleteDoc(doc(db, 'selfExclusions/abc123')),
  );
});

describe('pendingDeletions/{uid}', () => {
  suite.matrix('read a deletion waiting for its sweep', NOBODY, (db, subject) =>
    getDoc(doc(db, `pendingDeletions/${subject}`)),
  );
  suite.matrix('drop a deletion waiting for its sweep', NOBODY, (db, subject) =>
    deleteDoc(doc(db, `pendingDeletions/${subject}`)),
  );
});

describe('emailChanges/{uid}', () => {
  suite.matrix('read the e-mail change the shop asked for', NOBODY, (db, subject) =>
    getDoc(doc(db, `emailChanges/${subject}`)),
  );
  suite.matrix('plant an e-mail change, to have Auth’s own code applied', NOBODY, (db, subject) =>
    setDoc(doc(db, `emailChanges/${subject}`), { codeHash: 'mine', newEmail: 'x@example.com' }),
  );
});

describe('checkoutLocks/{uid}', () => {
  suite.matrix('read a checkout lock', NOBODY, (db, subject) =>
    getDoc(doc(db, `checkoutLocks/${subject}`)),
  );
  suite.matrix('move a checkout lock, to slip past the limits', NOBODY, (db, subject) =>
    setDoc(doc(db, `checkoutLocks/${subject}`), { lastReservation: 'mine' }),
  );
  suite.matrix('delete a checkout lock', NOBODY, (db) => deleteDoc(doc(db, 'checkoutLocks/alice')));
});

describe('libraryUploads/{fileName}', () => {
  // Gone, storage.rules would let its uploader delete a recorded image past deleteLibraryImage.
  suite.matrix('see which uploads the library recorded', NOBODY, (db) =>
    getDocs(collection(db, 'libraryUploads')),
  );
  suite.matrix('forget a recorded upload', NOBODY, (db) =>
    deleteDoc(doc(db, 'libraryUploads/u1-prize.png')),
  );
  suite.matrix('record an upload', NOBODY, (db) =>
    setDoc(doc(db, 'libraryUploads/u2-other.png'), { imageId: 'x' }),
  );
});

describe('claimChanges/{uid}', () => {
  // Held, it would refuse every administrator's change of that account's rights.
  suite.matrix('see a change of rights under way', NOBODY, (db, subject) =>
    getDoc(doc(db, `claimChanges/${subject}`)),
  );
  suite.matrix('hold an account against changes of its rights', NOBODY, (db, subject) =>
    setDoc(doc(db, `claimChanges/${subject}-new`), { holder: 'mine', until: 4102444800000 }),
  );
  suite.matrix('let go of a change under way', NOBODY, (db) =>
    deleteDoc(doc(db, 'claimChanges/alice')),
  );
});
