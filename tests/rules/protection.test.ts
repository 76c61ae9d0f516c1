import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { NOBODY, OWNER_ONLY, UIDS, rulesSuite, ts } from '../support/rules';

const protection = {
  monthlyLimit: 5000,
  limitChosenAt: ts('2026-01-01T00:00:00Z'),
  pendingRaise: null,
  breakUntil: ts('2026-12-31T00:00:00Z'),
  breakPermanent: false,
  updatedAt: ts('2026-01-01T00:00:00Z'),
};

const suite = rulesSuite('protection', (put) => {
  for (const uid of [UIDS.owner, UIDS.banned]) put(`playerProtection/${uid}`, protection);
});

describe('playerProtection/{uid}', () => {
  suite.matrix('read their spending limit and break', OWNER_ONLY, (db, subject) =>
    getDoc(doc(db, `playerProtection/${subject}`)),
  );
  suite.matrix('list everyone’s limits', NOBODY, (db) =>
    getDocs(collection(db, 'playerProtection')),
  );
  suite.matrix('raise the limit at once', NOBODY, (db, subject) =>
    updateDoc(doc(db, `playerProtection/${subject}`), { monthlyLimit: 100_000 }),
  );
  suite.matrix('end a break early', NOBODY, (db, subject) =>
    updateDoc(doc(db, `playerProtection/${subject}`), { breakUntil: null }),
  );
  suite.matrix('create protection settings', NOBODY, (db, _subject, uid) =>
    setDoc(doc(db, `playerProtection/${uid ?? 'nobody'}-new`), protection),
  );
  suite.matrix('delete the settings', NOBODY, (db, subject) =>
    deleteDoc(doc(db, `playerProtection/${subject}`)),
  );
});
