import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { ADMIN_ONLY, NOBODY, UIDS, rulesSuite, ts } from '../support/rules';

const entry = {
  raffleId: 'r1',
  raffleName: 'A raffle',
  userId: UIDS.owner,
  email: 'alice@example.com',
  fullName: 'Alice Tester',
  address: '1 High Street, London',
  phone: '+447700900123',
  receivedAt: ts('2026-01-02T00:00:00Z'),
  recordedAt: ts('2026-01-03T00:00:00Z'),
  recordedBy: UIDS.admin,
  outcome: 'ticket',
  ticketNumber: 12,
  orderId: 'o1',
  creditPence: null,
  reason: null,
  answerCorrect: true,
  accountCreated: false,
};

const suite = rulesSuite('postal-entries', (put) => put('postalEntries/p1', entry));

describe('postalEntries/{entryId}', () => {
  suite.matrix('read a postal entry record', ADMIN_ONLY, (db) =>
    getDoc(doc(db, 'postalEntries/p1')),
  );
  suite.matrix('list postal entries', ADMIN_ONLY, (db) => getDocs(collection(db, 'postalEntries')));
  suite.matrix('record an entry directly', NOBODY, (db) =>
    setDoc(doc(db, 'postalEntries/p2'), entry),
  );
  suite.matrix('turn a refusal into a ticket', NOBODY, (db) =>
    updateDoc(doc(db, 'postalEntries/p1'), { outcome: 'credit', creditPence: 100_000 }),
  );
  suite.matrix('delete a record', NOBODY, (db) => deleteDoc(doc(db, 'postalEntries/p1')));
});
