import { PUBLIC_LIST_MAX } from '@rafflewin/domain';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  setDoc,
  updateDoc,
} from 'firebase/firestore';
import { EVERYONE, NOBODY, rulesSuite, ts } from '../support/rules';

const record = {
  raffleId: 'r1',
  raffleName: 'A raffle',
  algorithm: 'rafflewin-draw-v1',
  commitment: 'a'.repeat(64),
  committedAt: ts('2026-01-01T00:00:00Z'),
  status: 'drawn',
  trigger: 'schedule',
  closedAt: ts('2026-02-01T00:00:00Z'),
  entriesHash: 'b'.repeat(64),
  eligibleCount: 2,
  entryListChunks: 1,
  excludedWrongAnswer: 0,
  excludedStaff: 0,
  seed: 'c'.repeat(64),
  winningIndex: 1,
  winningTicketNumber: 7,
  winnerName: 'Alice T.',
  drawnAt: ts('2026-02-01T00:00:00Z'),
};

/** The record's chunk (domain drawEntryChunkId), and one another run left behind. */
const CHUNK = `${record.entriesHash}-0`;
const LEFT_BEHIND = `${'9'.repeat(64)}-0`;

const suite = rulesSuite('draws', (put) => {
  put('draws/r1', record);
  put(`draws/r1/entryList/${CHUNK}`, { index: 0, numbers: [3, 7] });
  put(`draws/r1/entryList/${LEFT_BEHIND}`, { index: 0, numbers: [3, 5, 7] });
  put(`draws/r4/entryList/${CHUNK}`, { index: 0, numbers: [1, 2] });
  put('drawSeeds/r2', {
    seed: 'd'.repeat(64),
    commitment: 'e'.repeat(64),
    createdAt: ts('2026-01-01T00:00:00Z'),
  });
});

describe('draws/{raffleId}', () => {
  suite.matrix('read a published draw', EVERYONE, (db) => getDoc(doc(db, 'draws/r1')));
  suite.matrix('list draws, a page at a time', EVERYONE, (db) =>
    getDocs(query(collection(db, 'draws'), limit(PUBLIC_LIST_MAX))),
  );
  // Every draw the shop ever made: a page at a time, administrators too.
  suite.matrix('list draws without a limit', NOBODY, (db) => getDocs(collection(db, 'draws')));
  suite.matrix('list draws, more than a page', NOBODY, (db) =>
    getDocs(query(collection(db, 'draws'), limit(PUBLIC_LIST_MAX + 1))),
  );
  suite.matrix('read the frozen entry list', EVERYONE, (db) =>
    getDoc(doc(db, `draws/r1/entryList/${CHUNK}`)),
  );
  // A run that wrote its list and then did not draw (the entries changed, the raffle was
  // cancelled): nobody learns who was eligible, even once another run's draw is published.
  suite.matrix('read a chunk no draw published', NOBODY, (db) =>
    getDoc(doc(db, `draws/r4/entryList/${CHUNK}`)),
  );
  suite.matrix('read a chunk another run left behind', NOBODY, (db) =>
    getDoc(doc(db, `draws/r1/entryList/${LEFT_BEHIND}`)),
  );
  // Chunks are read by the names the record gives: a list would show those left behind.
  suite.matrix('list an entry list', NOBODY, (db) => getDocs(collection(db, 'draws/r1/entryList')));
  suite.matrix('change the winner', NOBODY, (db) =>
    updateDoc(doc(db, 'draws/r1'), { winningTicketNumber: 3 }),
  );
  suite.matrix('slip a ticket into the entry list', NOBODY, (db) =>
    setDoc(doc(db, `draws/r1/entryList/${CHUNK}`), { index: 0, numbers: [3, 7, 9] }),
  );
  suite.matrix('publish a draw', NOBODY, (db) => setDoc(doc(db, 'draws/r3'), record));
  suite.matrix('delete a draw', NOBODY, (db) => deleteDoc(doc(db, 'draws/r1')));
});

describe('drawSeeds/{raffleId}', () => {
  // Administrators included: whoever knows the seed before the close could steer the result.
  suite.matrix('read a secret seed', NOBODY, (db) => getDoc(doc(db, 'drawSeeds/r2')));
  suite.matrix('list the seeds', NOBODY, (db) => getDocs(collection(db, 'drawSeeds')));
  suite.matrix('replace a seed', NOBODY, (db) =>
    setDoc(doc(db, 'drawSeeds/r2'), { seed: 'f'.repeat(64), commitment: 'e'.repeat(64) }),
  );
});
