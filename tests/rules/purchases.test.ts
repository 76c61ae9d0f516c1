import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  type Firestore,
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

const snapshot = {
  name: 'Test raffle',
  category: 'cash',
  imageUrl: '/images/placeholder.svg',
  endDate: ts('2030-01-01T00:00:00Z'),
  ticketPrice: 100,
};

const ticket = (userId: string) => ({
  userId,
  raffleId: 'live',
  ticketNumber: userId === UIDS.owner ? 1 : 2,
  orderId: `o-${userId}`,
  purchaseDate: ts('2025-01-02T00:00:00Z'),
  raffle: snapshot,
  eligible: true,
  status: 'active',
});

const order = (userId: string) => ({
  orderNumber: 'RW-1',
  userId,
  userEmail: `${userId}@example.com`,
  status: 'processing',
  paymentStatus: 'pending',
  paymentMethod: 'Card',
  items: [
    {
      raffleId: 'live',
      name: 'Test',
      quantity: 1,
      unitPrice: 100,
      totalPrice: 100,
      ticketNumbers: [],
    },
  ],
  totalAmount: 100,
  checkoutSessionId: `c-${userId}`,
  createdAt: ts('2025-01-02T00:00:00Z'),
  updatedAt: ts('2025-01-02T00:00:00Z'),
});

const reservation = (userId: string) => ({
  userId,
  items: [{ raffleId: 'live', name: 'Test', quantity: 1, unitPrice: 100 }],
  amount: 100,
  status: 'pending',
  provider: 'test',
  stripeSessionId: null,
  orderId: null,
  expiresAt: ts('2030-01-01T00:00:00Z'),
  createdAt: ts('2025-01-02T00:00:00Z'),
});

const instantWin = (userId: string) => ({
  userId,
  raffleId: 'live',
  raffleName: 'Test',
  ticketNumber: 7,
  orderId: `o-${userId}`,
  prize: { name: 'A £50 voucher', cashAlternative: 4500 },
  payout: null,
  wonAt: ts('2025-01-02T00:00:00Z'),
  payoutChosenAt: null,
});

const suite = rulesSuite('purchases', (put) => {
  for (const uid of [UIDS.owner, UIDS.banned]) {
    put(`tickets/t-${uid}`, ticket(uid));
    put(`orders/o-${uid}`, order(uid));
    put(`instantWins/w-${uid}`, instantWin(uid));
    // What a wrong answer's number on a prize leaves: the prize forfeited, without a winner.
    put(`instantWins/f-${uid}`, { ...instantWin(uid), userId: null, voidedAt: ts('2025-01-02') });
    put(`checkoutSessions/c-${uid}`, reservation(uid));
    put(`checkoutSessions/c-${uid}/secrets/answers`, { answerCorrect: { live: false } });
    put(`raffles/live/ineligible/${uid === UIDS.owner ? 1 : 2}`, {
      ticketNumber: uid === UIDS.owner ? 1 : 2,
      reason: 'wrong-answer',
      recordedAt: ts('2025-01-02T00:00:00Z'),
    });
    put(`raffles/live/answerChecks/${uid}`, {
      wrongAt: ts('2025-01-02T00:00:00Z'),
      checkedAt: ts('2025-01-02T00:00:00Z'),
    });
  }
});

const mine = (db: Firestore, name: string, subject: string) =>
  getDocs(query(collection(db, name), where('userId', '==', subject)));

describe('tickets/{ticketId}', () => {
  suite.matrix('get a ticket', OWNER_AND_ADMIN, (db, s) => getDoc(doc(db, `tickets/t-${s}`)));
  suite.matrix("list the owner's tickets", OWNER_AND_ADMIN, (db, s) => mine(db, 'tickets', s));
  suite.matrix('list every ticket', ADMIN_ONLY, (db) => getDocs(collection(db, 'tickets')));
  suite.matrix('write a ticket', NOBODY, (db, s) =>
    setDoc(doc(db, `tickets/t-new-${s}`), ticket(s)),
  );
  suite.matrix('change a ticket number', NOBODY, (db, s) =>
    updateDoc(doc(db, `tickets/t-${s}`), { ticketNumber: 7 }),
  );
  suite.matrix('delete a ticket', NOBODY, (db, s) => deleteDoc(doc(db, `tickets/t-${s}`)));
  suite.check('move a ticket to themselves', 'other', false, (db, s) =>
    updateDoc(doc(db, `tickets/t-${s}`), { userId: UIDS.other }),
  );
});

describe('instantWins/{winId}', () => {
  suite.matrix('get an instant win', OWNER_AND_ADMIN, (db, s) =>
    getDoc(doc(db, `instantWins/w-${s}`)),
  );
  suite.matrix("list the owner's instant wins", OWNER_AND_ADMIN, (db, s) =>
    mine(db, 'instantWins', s),
  );
  suite.matrix('list every instant win', ADMIN_ONLY, (db) =>
    getDocs(collection(db, 'instantWins')),
  );
  // Its buyer reading it would learn, before the draw, that their answer was wrong.
  suite.matrix('get a prize forfeited by a wrong answer', ADMIN_ONLY, (db, s) =>
    getDoc(doc(db, `instantWins/f-${s}`)),
  );
  suite.check("a forfeited prize is not among the buyer's wins", 'owner', true, async (db, s) => {
    const listed = await mine(db, 'instantWins', s);
    expect(listed.docs.map((win) => win.id)).toEqual([`w-${s}`]);
  });
  suite.matrix('claim an instant win', NOBODY, (db, s) =>
    setDoc(doc(db, `instantWins/w-new-${s}`), instantWin(s)),
  );
  suite.matrix('choose a payout directly', NOBODY, (db, s) =>
    updateDoc(doc(db, `instantWins/w-${s}`), { payout: 'credit' }),
  );
  suite.matrix('delete an instant win', NOBODY, (db, s) =>
    deleteDoc(doc(db, `instantWins/w-${s}`)),
  );
});

describe('orders/{orderId}', () => {
  suite.matrix('get an order', OWNER_AND_ADMIN, (db, s) => getDoc(doc(db, `orders/o-${s}`)));
  suite.matrix("list the owner's orders", OWNER_AND_ADMIN, (db, s) => mine(db, 'orders', s));
  suite.matrix('list every order', ADMIN_ONLY, (db) => getDocs(collection(db, 'orders')));
  suite.matrix('create an order', NOBODY, (db, s) =>
    setDoc(doc(db, `orders/o-new-${s}`), order(s)),
  );
  suite.matrix('mark an order completed', NOBODY, (db, s) =>
    updateDoc(doc(db, `orders/o-${s}`), { status: 'completed' }),
  );
  suite.matrix('delete an order', NOBODY, (db, s) => deleteDoc(doc(db, `orders/o-${s}`)));
  suite.check('set the payment status to paid', 'owner', false, (db, s) =>
    updateDoc(doc(db, `orders/o-${s}`), { paymentStatus: 'paid' }),
  );
  suite.check('change the order total', 'owner', false, (db, s) =>
    updateDoc(doc(db, `orders/o-${s}`), { totalAmount: 0 }),
  );
});

describe('checkoutSessions/{sessionId}', () => {
  suite.matrix('get a reservation', OWNER_ONLY, (db, s) =>
    getDoc(doc(db, `checkoutSessions/c-${s}`)),
  );
  suite.matrix("list the owner's reservations", OWNER_ONLY, (db, s) =>
    mine(db, 'checkoutSessions', s),
  );
  suite.matrix('reserve tickets directly', NOBODY, (db, s) =>
    setDoc(doc(db, `checkoutSessions/c-new-${s}`), reservation(s)),
  );
  suite.matrix('extend a reservation', NOBODY, (db, s) =>
    updateDoc(doc(db, `checkoutSessions/c-${s}`), { expiresAt: ts('2040-01-01T00:00:00Z') }),
  );
  suite.matrix('delete a reservation', NOBODY, (db, s) =>
    deleteDoc(doc(db, `checkoutSessions/c-${s}`)),
  );
  suite.check('lower the amount to pay', 'owner', false, (db, s) =>
    updateDoc(doc(db, `checkoutSessions/c-${s}`), { amount: 0 }),
  );
});

describe('whether an answer was right (before the draw)', () => {
  suite.matrix("read a reservation's answers", NOBODY, (db, s) =>
    getDoc(doc(db, `checkoutSessions/c-${s}/secrets/answers`)),
  );
  suite.matrix('mark an answer right', NOBODY, (db, s) =>
    setDoc(doc(db, `checkoutSessions/c-${s}/secrets/answers`), { answerCorrect: { live: true } }),
  );
  suite.matrix("read whether the owner's ticket is left out", ADMIN_ONLY, (db) =>
    getDoc(doc(db, 'raffles/live/ineligible/1')),
  );
  suite.matrix('list the tickets left out', ADMIN_ONLY, (db) =>
    getDocs(collection(db, 'raffles/live/ineligible')),
  );
  suite.matrix('put a ticket back in the draw', NOBODY, (db) =>
    deleteDoc(doc(db, 'raffles/live/ineligible/1')),
  );
  suite.matrix('read whether the owner answered the question wrongly', NOBODY, (db, s) =>
    getDoc(doc(db, `raffles/live/answerChecks/${s}`)),
  );
  suite.matrix('wipe out a wrong answer, to try another option', NOBODY, (db, s) =>
    deleteDoc(doc(db, `raffles/live/answerChecks/${s}`)),
  );
  suite.matrix('clear a wrong answer', NOBODY, (db, s) =>
    setDoc(doc(db, `raffles/live/answerChecks/${s}`), {
      wrongAt: null,
      checkedAt: serverTimestamp(),
    }),
  );
});

describe('what a cancelled raffle’s customers have been told', () => {
  suite.matrix('read which refunds were told', NOBODY, (db, s) =>
    getDoc(doc(db, `raffles/live/refundsTold/order-${s}`)),
  );
  suite.matrix('mark a refund told, so its notice is never sent', NOBODY, (db, s) =>
    setDoc(doc(db, `raffles/live/refundsTold/order-${s}`), { at: serverTimestamp() }),
  );
});
