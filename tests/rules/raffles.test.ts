import { PUBLIC_LIST_MAX } from '@rafflewin/domain';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getCountFromServer,
  getDocs,
  limit,
  orderBy,
  query,
  setDoc,
  updateDoc,
  where,
} from 'firebase/firestore';
import {
  ADMIN_ONLY,
  EVERYONE,
  NOBODY,
  OWNER_ONLY,
  SIGNED_IN,
  UIDS,
  raffleDoc,
  rulesSuite,
  ts,
} from '../support/rules';

const question = (isActive: boolean) => ({
  text: 'Capital of the UK?',
  optionA: 'Leeds',
  optionB: 'London',
  optionC: 'Hull',
  isActive,
  createdAt: ts('2025-01-01T00:00:00Z'),
});

const entry = {
  ticketNumber: 1,
  holderName: 'Alice T.',
  category: 'cash',
};

const suite = rulesSuite('raffles', (put) => {
  put('raffles/live', raffleDoc(true));
  put('raffles/draft', raffleDoc(false));
  put('raffles/cancelled', { ...raffleDoc(false), drawStatus: 'cancelled' });
  put('raffles/cancelled-unsold', { ...raffleDoc(false), drawStatus: 'cancelled', soldTickets: 0 });
  put('raffles/cancelled-live-unsold', {
    ...raffleDoc(false),
    drawStatus: 'cancelled',
    soldTickets: 0,
    drawCommitment: 'ab'.repeat(32),
  });
  put('raffles/live/questions/q1', question(true));
  put('raffles/live/questions/q2', question(false));
  put('raffles/live/entries/1', entry);
  // A raffle off sale (a draft, or paused for editing) keeps its question and entries.
  put('raffles/draft/questions/q1', question(true));
  put('raffles/draft/entries/1', entry);
  put('raffleSecrets/live', { correctAnswers: { q1: 'B' } });
  put('raffles/live/shards/0', { index: 0, start: 1, size: 10, sold: 3, holds: {} });
  put('raffles/picking', { ...raffleDoc(true), numberPicking: true });
  put('raffles/picking-draft', { ...raffleDoc(false), numberPicking: true });
  for (const id of ['picking', 'picking-draft']) {
    for (const index of [0, 1, 2]) {
      put(`raffles/${id}/shards/${index}`, {
        index,
        start: 1 + index * 4,
        size: 4,
        sold: 0,
        holds: {},
        taken: [],
        freed: [],
      });
    }
  }
  for (const uid of [UIDS.owner, UIDS.banned]) {
    put(`raffles/live/holders/${uid}`, { owned: 1, holds: {} });
  }
});

describe('raffles/{raffleId}', () => {
  suite.matrix('get an active raffle', EVERYONE, (db) => getDoc(doc(db, 'raffles/live')));
  suite.matrix('get an inactive raffle', ADMIN_ONLY, (db) => getDoc(doc(db, 'raffles/draft')));
  // Its draw page tells anyone with the link that it was cancelled; the shop does not list it.
  suite.matrix('get a cancelled raffle', EVERYONE, (db) => getDoc(doc(db, 'raffles/cancelled')));
  // One that sold nothing and never went live (a draft) was never anyone's to enter.
  suite.matrix('get a cancelled raffle that sold no ticket', ADMIN_ONLY, (db) =>
    getDoc(doc(db, 'raffles/cancelled-unsold')),
  );
  // One that went live (its draw commitment published) and sold nothing: anyone had its link.
  suite.matrix('get a cancelled raffle that went live and sold no ticket', EVERYONE, (db) =>
    getDoc(doc(db, 'raffles/cancelled-live-unsold')),
  );
  suite.matrix('list cancelled raffles', ADMIN_ONLY, (db) =>
    getDocs(query(collection(db, 'raffles'), where('drawStatus', '==', 'cancelled'))),
  );
  suite.matrix('list active raffles, a page at a time', EVERYONE, (db) =>
    getDocs(query(collection(db, 'raffles'), where('active', '==', true), limit(PUBLIC_LIST_MAX))),
  );
  // What is on sale (not yet drawn), as the listings read it, "Show more" after "Show more".
  suite.matrix('list the raffles not yet drawn, past a page', EVERYONE, (db) =>
    getDocs(
      query(
        collection(db, 'raffles'),
        where('active', '==', true),
        where('drawStatus', '==', 'pending'),
        limit(PUBLIC_LIST_MAX * 3),
      ),
    ),
  );
  // Drawn raffles stay listed: nobody but an administrator reads the shop's history in one go.
  suite.matrix('list active raffles without a limit', ADMIN_ONLY, (db) =>
    getDocs(query(collection(db, 'raffles'), where('active', '==', true))),
  );
  suite.matrix('list active raffles, more than a page', ADMIN_ONLY, (db) =>
    getDocs(
      query(collection(db, 'raffles'), where('active', '==', true), limit(PUBLIC_LIST_MAX + 1)),
    ),
  );
  suite.matrix('list every raffle, inactive ones included', ADMIN_ONLY, (db) =>
    getDocs(collection(db, 'raffles')),
  );
  suite.matrix('create a raffle from a browser', NOBODY, (db) =>
    setDoc(doc(db, 'raffles/new'), raffleDoc(true)),
  );
  suite.matrix('update a raffle from a browser', NOBODY, (db) =>
    updateDoc(doc(db, 'raffles/live'), { name: 'Renamed' }),
  );
  suite.matrix('delete a raffle from a browser', NOBODY, (db) =>
    deleteDoc(doc(db, 'raffles/live')),
  );
  suite.check('raise soldTickets', 'owner', false, (db) =>
    updateDoc(doc(db, 'raffles/live'), { soldTickets: 10 }),
  );
  suite.check('lower the ticket price', 'owner', false, (db) =>
    updateDoc(doc(db, 'raffles/live'), { ticketPrice: 1 }),
  );
  suite.check('set soldTickets even as an administrator', 'admin', false, (db) =>
    updateDoc(doc(db, 'raffles/live'), { soldTickets: 0 }),
  );
});

describe('raffles/{raffleId}/questions/{questionId}', () => {
  suite.matrix('get an active question', SIGNED_IN, (db) =>
    getDoc(doc(db, 'raffles/live/questions/q1')),
  );
  suite.matrix('get an inactive question', ADMIN_ONLY, (db) =>
    getDoc(doc(db, 'raffles/live/questions/q2')),
  );
  suite.matrix('list active questions', SIGNED_IN, (db) =>
    getDocs(query(collection(db, 'raffles/live/questions'), where('isActive', '==', true))),
  );
  suite.matrix('get the active question of a raffle off sale', ADMIN_ONLY, (db) =>
    getDoc(doc(db, 'raffles/draft/questions/q1')),
  );
  suite.matrix('list the active questions of a raffle off sale', ADMIN_ONLY, (db) =>
    getDocs(query(collection(db, 'raffles/draft/questions'), where('isActive', '==', true))),
  );
  suite.matrix('create a question from a browser', NOBODY, (db) =>
    setDoc(doc(db, 'raffles/live/questions/q3'), question(true)),
  );
  suite.matrix('update a question from a browser', NOBODY, (db) =>
    updateDoc(doc(db, 'raffles/live/questions/q1'), { text: 'Changed?' }),
  );
  suite.matrix('delete a question from a browser', NOBODY, (db) =>
    deleteDoc(doc(db, 'raffles/live/questions/q1')),
  );
});

describe('raffles/{raffleId}/entries/{ticketNumber}', () => {
  suite.matrix('get an entry', SIGNED_IN, (db) => getDoc(doc(db, 'raffles/live/entries/1')));
  suite.matrix('list the entry list, a page at a time', SIGNED_IN, (db) =>
    getDocs(query(collection(db, 'raffles/live/entries'), orderBy('ticketNumber'), limit(50))),
  );
  // A whole raffle's entries in one query (a million for the largest): administrators only;
  // a customer's page counts come from the countEntries and locateEntry callables.
  suite.matrix('list the entry list without a limit', ADMIN_ONLY, (db) =>
    getDocs(collection(db, 'raffles/live/entries')),
  );
  suite.matrix('list the entry list, more than a page', ADMIN_ONLY, (db) =>
    getDocs(query(collection(db, 'raffles/live/entries'), limit(51))),
  );
  suite.matrix('count the entry list', ADMIN_ONLY, (db) =>
    getCountFromServer(collection(db, 'raffles/live/entries')),
  );
  suite.matrix('list the entry list of a raffle off sale', ADMIN_ONLY, (db) =>
    getDocs(collection(db, 'raffles/draft/entries')),
  );
  suite.matrix('get an entry of a raffle off sale', ADMIN_ONLY, (db) =>
    getDoc(doc(db, 'raffles/draft/entries/1')),
  );
  suite.matrix('write an entry', NOBODY, (db) =>
    setDoc(doc(db, 'raffles/live/entries/2'), { ...entry, ticketNumber: 2 }),
  );
  suite.matrix('change an entry', NOBODY, (db) =>
    updateDoc(doc(db, 'raffles/live/entries/1'), { holderName: 'Someone E.' }),
  );
  suite.matrix('delete an entry', NOBODY, (db) => deleteDoc(doc(db, 'raffles/live/entries/1')));
});

describe('raffleSecrets/{raffleId}', () => {
  suite.matrix('get the correct answers', ADMIN_ONLY, (db) =>
    getDoc(doc(db, 'raffleSecrets/live')),
  );
  suite.matrix('list raffle secrets', ADMIN_ONLY, (db) => getDocs(collection(db, 'raffleSecrets')));
  suite.matrix('create raffle secrets', NOBODY, (db) =>
    setDoc(doc(db, 'raffleSecrets/draft'), { correctAnswers: {} }),
  );
  suite.matrix('change the correct answers', NOBODY, (db) =>
    updateDoc(doc(db, 'raffleSecrets/live'), { correctAnswers: { q1: 'A' } }),
  );
  suite.matrix('delete raffle secrets', NOBODY, (db) => deleteDoc(doc(db, 'raffleSecrets/live')));
});

describe('raffles/{raffleId}/shards/{shardId}', () => {
  suite.matrix('read a pool shard', NOBODY, (db) => getDoc(doc(db, 'raffles/live/shards/0')));
  suite.matrix('list the pool', NOBODY, (db) => getDocs(collection(db, 'raffles/live/shards')));
  suite.matrix('add a shard', NOBODY, (db) =>
    setDoc(doc(db, 'raffles/live/shards/1'), { index: 1, start: 11, size: 10, sold: 0, holds: {} }),
  );
  suite.matrix('change a shard counter', NOBODY, (db) =>
    updateDoc(doc(db, 'raffles/live/shards/0'), { sold: 0 }),
  );
  suite.matrix('delete a shard', NOBODY, (db) => deleteDoc(doc(db, 'raffles/live/shards/0')));

  // A live raffle with number picking shows its board: a page at a time.
  suite.matrix('read the shard behind a board page', EVERYONE, (db) =>
    getDoc(doc(db, 'raffles/picking/shards/1')),
  );
  suite.matrix('list the shards covering a board page', EVERYONE, (db) =>
    getDocs(
      query(
        collection(db, 'raffles/picking/shards'),
        where('start', '>', -9_999),
        where('start', '<=', 8),
        orderBy('start', 'desc'),
        limit(12),
      ),
    ),
  );
  suite.matrix('list a picking raffle’s whole pool', NOBODY, (db) =>
    getDocs(collection(db, 'raffles/picking/shards')),
  );
  suite.matrix('list more shards than a board page reads', NOBODY, (db) =>
    getDocs(query(collection(db, 'raffles/picking/shards'), limit(13))),
  );
  suite.matrix('read the board of a switched-off picking raffle', NOBODY, (db) =>
    getDoc(doc(db, 'raffles/picking-draft/shards/0')),
  );
  suite.matrix('change a picking raffle’s shard', NOBODY, (db) =>
    updateDoc(doc(db, 'raffles/picking/shards/0'), { taken: [1, 2, 3, 4] }),
  );
});

describe('raffles/{raffleId}/holders/{uid}', () => {
  suite.matrix('read their ticket count', OWNER_ONLY, (db, subject) =>
    getDoc(doc(db, `raffles/live/holders/${subject}`)),
  );
  suite.matrix('list every holder', NOBODY, (db) =>
    getDocs(collection(db, 'raffles/live/holders')),
  );
  suite.matrix('create a holder count', NOBODY, (db, _subject, uid) =>
    setDoc(doc(db, `raffles/live/holders/${uid ?? 'guest'}-new`), { owned: 0, holds: {} }),
  );
  suite.matrix('lower their ticket count to buy more', NOBODY, (db, subject) =>
    updateDoc(doc(db, `raffles/live/holders/${subject}`), { owned: 0 }),
  );
  suite.matrix('delete their ticket count', NOBODY, (db, subject) =>
    deleteDoc(doc(db, `raffles/live/holders/${subject}`)),
  );
});
