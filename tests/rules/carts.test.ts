import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
} from 'firebase/firestore';
import { NOBODY, OWNER_ONLY, UIDS, rulesSuite, ts } from '../support/rules';

const line = (raffleId: string, quantity: number) => ({ raffleId, quantity });

const cart = (items: unknown[], extra: Record<string, unknown> = {}) => ({
  items,
  updatedAt: serverTimestamp(),
  ...extra,
});

const saved = {
  items: [line('r1', 2)],
  updatedAt: ts('2025-01-01T00:00:00Z'),
};

const withCarts = rulesSuite('carts', (put) => {
  put(`carts/${UIDS.owner}`, saved);
  put(`carts/${UIDS.banned}`, saved);
});

describe('carts/{uid}', () => {
  withCarts.matrix('get the cart', OWNER_ONLY, (db, subject) =>
    getDoc(doc(db, `carts/${subject}`)),
  );
  withCarts.matrix('list every cart', NOBODY, (db) => getDocs(collection(db, 'carts')));
  withCarts.matrix('change quantities', OWNER_ONLY, (db, subject) =>
    setDoc(doc(db, `carts/${subject}`), cart([line('r1', 3), line('r2', 1)])),
  );
  withCarts.matrix('empty the cart by deleting it', OWNER_ONLY, (db, subject) =>
    deleteDoc(doc(db, `carts/${subject}`)),
  );

  withCarts.check("edit another user's cart", 'other', false, (db) =>
    setDoc(doc(db, `carts/${UIDS.owner}`), cart([line('r1', 1)])),
  );
  withCarts.check('store a price in a cart line', 'owner', false, (db, subject) =>
    setDoc(doc(db, `carts/${subject}`), cart([{ raffleId: 'r1', quantity: 1, price: 1 }])),
  );
  withCarts.check('store a total on the cart', 'owner', false, (db, subject) =>
    setDoc(doc(db, `carts/${subject}`), cart([line('r1', 1)], { total: 0 })),
  );
  withCarts.check('add a line of quantity 0', 'owner', false, (db, subject) =>
    setDoc(doc(db, `carts/${subject}`), cart([line('r1', 0)])),
  );
  withCarts.check('add a fractional quantity', 'owner', false, (db, subject) =>
    setDoc(doc(db, `carts/${subject}`), cart([line('r1', 1.5)])),
  );
  withCarts.check('add a quantity that is text', 'owner', false, (db, subject) =>
    setDoc(doc(db, `carts/${subject}`), cart([{ raffleId: 'r1', quantity: '2' }])),
  );
  withCarts.check('add a line without a raffle id', 'owner', false, (db, subject) =>
    setDoc(doc(db, `carts/${subject}`), cart([{ quantity: 2 }])),
  );
  withCarts.check('use an oversize raffle id', 'owner', false, (db, subject) =>
    setDoc(doc(db, `carts/${subject}`), cart([line('r'.repeat(129), 1)])),
  );
  // An id Firestore reserves (__name__) is no raffle's: the cart's schema refuses it, so one
  // such line would keep fulfilment from reading the cart and taking the paid lines out of it.
  withCarts.check('use a reserved raffle id', 'owner', false, (db, subject) =>
    setDoc(doc(db, `carts/${subject}`), cart([line('__x__', 1), line('r1', 1)])),
  );
  withCarts.check('use raffle ids with underscores at one end only', 'owner', true, (db, s) =>
    setDoc(doc(db, `carts/${s}`), cart([line('__r1', 1), line('r2__', 1)])),
  );
  withCarts.check('fill 10 lines', 'owner', true, (db, subject) =>
    setDoc(
      doc(db, `carts/${subject}`),
      cart(Array.from({ length: 10 }, (_, i) => line(`r${i}`, 1))),
    ),
  );
  withCarts.check('hide a bad line at position 10 of 10', 'owner', false, (db, subject) =>
    setDoc(
      doc(db, `carts/${subject}`),
      cart([...Array.from({ length: 9 }, (_, i) => line(`r${i}`, 1)), line('r9', -5)]),
    ),
  );
  withCarts.check('add an 11th line', 'owner', false, (db, subject) =>
    setDoc(
      doc(db, `carts/${subject}`),
      cart(Array.from({ length: 11 }, (_, i) => line(`r${i}`, 1))),
    ),
  );
  withCarts.check('backdate updatedAt', 'owner', false, (db, subject) =>
    setDoc(doc(db, `carts/${subject}`), { items: [], updatedAt: ts('2020-01-01T00:00:00Z') }),
  );
});

const withoutCarts = rulesSuite('carts-new', () => undefined);

describe('carts/{uid} (first save)', () => {
  withoutCarts.matrix('create the cart', OWNER_ONLY, (db, subject) =>
    setDoc(doc(db, `carts/${subject}`), cart([line('r1', 1)])),
  );
  withoutCarts.check('create a cart for another user', 'other', false, (db) =>
    setDoc(doc(db, `carts/${UIDS.owner}`), cart([line('r1', 1)])),
  );
  // A deleted account (no profile) whose ID token is still valid.
  withoutCarts.checkAs('write a cart back after deleting the account', 'deleted', false, (db) =>
    setDoc(doc(db, 'carts/deleted'), cart([line('r1', 1)])),
  );
});
