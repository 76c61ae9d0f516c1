import {
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
} from 'firebase/firestore';
import {
  NOBODY,
  OWNER_ONLY,
  UIDS,
  notificationDoc as notification,
  rulesSuite,
  ts,
} from '../support/rules';

const card = {
  provider: 'test',
  stripePaymentMethodId: null,
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  funding: 'debit',
  isDefault: true,
  createdAt: ts('2025-01-01T00:00:00Z'),
};

const suite = rulesSuite('user-data', (put) => {
  put('raffles/r1', { active: true, name: 'One' });
  put('raffles/r2', { active: true, name: 'Two' });
  put('raffles/off-sale', { active: false, name: 'Off sale' });
  for (const uid of [UIDS.owner, UIDS.banned]) {
    put(`users/${uid}/notifications/n1`, notification);
    put(`users/${uid}/savedRaffles/r1`, {
      raffleId: 'r1',
      createdAt: ts('2025-01-01T00:00:00Z'),
    });
    put(`users/${uid}/paymentMethods/pm1`, card);
  }
});

describe('users/{uid}/notifications/{notificationId}', () => {
  const path = (subject: string) => `users/${subject}/notifications/n1`;
  suite.matrix('get a notification', OWNER_ONLY, (db, subject) => getDoc(doc(db, path(subject))));
  suite.matrix('list the notifications', OWNER_ONLY, (db, subject) =>
    getDocs(collection(db, `users/${subject}/notifications`)),
  );
  suite.matrix('create a notification', NOBODY, (db, subject) =>
    setDoc(doc(db, `users/${subject}/notifications/n2`), notification),
  );
  suite.matrix('mark a notification read', OWNER_ONLY, (db, subject) =>
    updateDoc(doc(db, path(subject)), { isRead: true }),
  );
  suite.matrix('delete a notification', OWNER_ONLY, (db, subject) =>
    deleteDoc(doc(db, path(subject))),
  );
  suite.check('rewrite the text of a notification', 'owner', false, (db, subject) =>
    updateDoc(doc(db, path(subject)), { title: 'You won!' }),
  );
  suite.check("list other users' notifications across accounts", 'owner', false, (db) =>
    getDocs(collectionGroup(db, 'notifications')),
  );
  suite.matrix('read a page of notifications, newest first', OWNER_ONLY, (db, subject) =>
    getDocs(
      query(
        collection(db, `users/${subject}/notifications`),
        orderBy('createdAt', 'desc'),
        limit(50),
      ),
    ),
  );
  suite.matrix(
    'count unread notifications for the badge (ten at most)',
    OWNER_ONLY,
    (db, subject) =>
      getDocs(
        query(
          collection(db, `users/${subject}/notifications`),
          where('isRead', '==', false),
          limit(10),
        ),
      ),
  );
  suite.check('mark a notification read and relink it', 'owner', false, (db, subject) =>
    updateDoc(doc(db, path(subject)), { isRead: true, supportTicketId: 'elsewhere' }),
  );
  suite.check('mark a notification read with a non-boolean', 'owner', false, (db, subject) =>
    updateDoc(doc(db, path(subject)), { isRead: 'yes' }),
  );
});

describe('users/{uid}/savedRaffles/{raffleId}', () => {
  const save = (raffleId: string, extra: Record<string, unknown> = {}) => ({
    raffleId,
    createdAt: serverTimestamp(),
    ...extra,
  });
  suite.matrix('get a saved raffle', OWNER_ONLY, (db, subject) =>
    getDoc(doc(db, `users/${subject}/savedRaffles/r1`)),
  );
  suite.matrix('list saved raffles', OWNER_ONLY, (db, subject) =>
    getDocs(collection(db, `users/${subject}/savedRaffles`)),
  );
  suite.matrix('save a raffle', OWNER_ONLY, (db, subject) =>
    setDoc(doc(db, `users/${subject}/savedRaffles/r2`), save('r2')),
  );
  suite.matrix('change a saved raffle', NOBODY, (db, subject) =>
    updateDoc(doc(db, `users/${subject}/savedRaffles/r1`), { raffleId: 'r2' }),
  );
  suite.matrix('remove a saved raffle', OWNER_ONLY, (db, subject) =>
    deleteDoc(doc(db, `users/${subject}/savedRaffles/r1`)),
  );
  suite.checkAs('save a raffle after deleting the account', 'deleted', false, (db) =>
    setDoc(doc(db, 'users/deleted/savedRaffles/r2'), save('r2')),
  );
  suite.check('save a raffle that does not exist', 'owner', false, (db, subject) =>
    setDoc(doc(db, `users/${subject}/savedRaffles/ghost`), save('ghost')),
  );
  // Success would also tell the customer that an unlisted id exists.
  suite.check('save a raffle off sale', 'owner', false, (db, subject) =>
    setDoc(doc(db, `users/${subject}/savedRaffles/off-sale`), save('off-sale')),
  );
  suite.check('save under a mismatched id', 'owner', false, (db, subject) =>
    setDoc(doc(db, `users/${subject}/savedRaffles/r2`), save('r1')),
  );
  suite.check('store a price with a saved raffle', 'owner', false, (db, subject) =>
    setDoc(doc(db, `users/${subject}/savedRaffles/r2`), save('r2', { ticketPrice: 1 })),
  );
});

describe('users/{uid}/paymentMethods/{methodId}', () => {
  const path = (subject: string) => `users/${subject}/paymentMethods/pm1`;
  suite.matrix('get a saved card', OWNER_ONLY, (db, subject) => getDoc(doc(db, path(subject))));
  suite.matrix('list saved cards', OWNER_ONLY, (db, subject) =>
    getDocs(collection(db, `users/${subject}/paymentMethods`)),
  );
  suite.matrix('add a card without the payment provider', NOBODY, (db, subject) =>
    setDoc(doc(db, `users/${subject}/paymentMethods/pm2`), card),
  );
  suite.matrix('edit a card', NOBODY, (db, subject) =>
    updateDoc(doc(db, path(subject)), { last4: '0000' }),
  );
  suite.matrix('remove a card without the provider', NOBODY, (db, subject) =>
    deleteDoc(doc(db, path(subject))),
  );
});
