/**
 * A hostile client: what an ordinary customer's ID token tries with the Firestore client SDK
 * beyond the role matrices (text outside the BMP, queries across accounts, server-owned state,
 * wrongly shaped values). Each suite uses a project of its own (tests/support/rules.ts).
 */
import { ADMIN_CLAIM, DEFAULT_USER_SETTINGS, SIGN_IN_STARTED_CLAIM } from '@rafflewin/domain';
import {
  collection,
  collectionGroup,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
} from 'firebase/firestore';
import {
  DEMOTED_AT,
  VERIFIED_SIGN_IN,
  UIDS,
  addressOf,
  putConversation,
  raffleDoc,
  rulesSuite,
  ts,
  type Attempt,
} from '../support/rules';

/**
 * U+1F600: two UTF-16 units. The emulator's rules count 1,000 for 500 of them (so the limits hold
 * at least as strictly as zod's `.max()`); these cases pin that down.
 */
const EMOJI = '\u{1F600}';
const emoji = (n: number) => EMOJI.repeat(n);

const suite = rulesSuite('hostile-client', (put) => {
  put('raffles/live', raffleDoc(true));
  for (const uid of [UIDS.owner, UIDS.other]) {
    putConversation(put, uid);
    put(`users/${uid}/savedRaffles/live`, {
      raffleId: 'live',
      createdAt: ts('2025-01-01T00:00:00Z'),
    });
    put(`raffles/live/holders/${uid}`, { owned: 1, holds: {} });
  }
  // The other customer has no second factor: their preferences as the Auth trigger writes them.
  put(`users/${UIDS.other}/settings/preferences`, DEFAULT_USER_SETTINGS);
  put(`tickets/live_1`, { userId: 'deleted-user', raffleId: 'live', ticketNumber: 1 });
  put(`orders/o-bob`, { userId: UIDS.other, total: 100, status: 'completed' });
  put(`checkoutSessions/c-deleted`, { userId: 'deleted-user', amount: 100, status: 'fulfilled' });
});

const profileEdit = (changes: Record<string, unknown>) => ({
  ...changes,
  updatedAt: serverTimestamp(),
});

describe('client-written text limits with characters outside the BMP', () => {
  // Control: the limit itself, in plain ASCII, is allowed (so the cases below test only units).
  suite.check('store a bio of exactly 500 ASCII characters', 'owner', true, (db, s) =>
    updateDoc(doc(db, `users/${s}`), profileEdit({ bio: 'x'.repeat(500) })),
  );
  suite.check('store a bio of 500 emoji (1,000 UTF-16 units)', 'owner', false, (db, s) =>
    updateDoc(doc(db, `users/${s}`), profileEdit({ bio: emoji(500) })),
  );
  suite.check('store a first name of 60 emoji (120 UTF-16 units)', 'owner', false, (db, s) =>
    updateDoc(doc(db, `users/${s}`), profileEdit({ firstName: emoji(60) })),
  );
  suite.check('store a last name of 60 emoji', 'owner', false, (db, s) =>
    updateDoc(doc(db, `users/${s}`), profileEdit({ lastName: emoji(60) })),
  );
  suite.check('store a time zone of 64 emoji', 'other', false, (db, _s, uid) =>
    updateDoc(doc(db, `users/${uid}/settings/preferences`), { timezone: emoji(64) }),
  );
  suite.check('store a language of 10 emoji', 'other', false, (db, _s, uid) =>
    updateDoc(doc(db, `users/${uid}/settings/preferences`), { language: emoji(10) }),
  );
});

describe('queries across accounts', () => {
  for (const group of [
    'messages',
    'savedRaffles',
    'paymentMethods',
    'twoFactorSessions',
    'holders',
    'settings',
    'devices',
    'entries',
    'questions',
    'shards',
    'secrets',
    'customers',
  ]) {
    suite.check(`run a collection-group query over "${group}"`, 'owner', false, (db) =>
      getDocs(query(collectionGroup(db, group), limit(5))),
    );
  }
  suite.check('list tickets without the owner filter', 'owner', false, (db) =>
    getDocs(query(collection(db, 'tickets'), limit(5))),
  );
  suite.check("list another customer's orders", 'owner', false, (db) =>
    getDocs(query(collection(db, 'orders'), where('userId', '==', UIDS.other))),
  );
  suite.check("list deleted accounts' tickets", 'owner', false, (db) =>
    getDocs(query(collection(db, 'tickets'), where('userId', '==', 'deleted-user'))),
  );
  suite.check("list deleted accounts' reservations", 'owner', false, (db) =>
    getDocs(query(collection(db, 'checkoutSessions'), where('userId', '==', 'deleted-user'))),
  );
  suite.check('list every open support ticket', 'owner', false, (db) =>
    getDocs(query(collection(db, 'supportTickets'), where('status', '==', 'open'))),
  );
  suite.check("read another customer's conversation", 'owner', false, (db) =>
    getDocs(collection(db, `supportTickets/s-${UIDS.other}/messages`)),
  );
  suite.check("read another customer's per-raffle holding", 'owner', false, (db) =>
    getDoc(doc(db, `raffles/live/holders/${UIDS.other}`)),
  );
  suite.check('list the holders of a raffle', 'owner', false, (db) =>
    getDocs(collection(db, 'raffles/live/holders')),
  );
  suite.check("list another customer's saved raffles", 'owner', false, (db) =>
    getDocs(collection(db, `users/${UIDS.other}/savedRaffles`)),
  );
  suite.check("read another customer's preferences", 'owner', false, (db) =>
    getDoc(doc(db, `users/${UIDS.other}/settings/preferences`)),
  );
});

describe('server-owned state on own documents', () => {
  suite.check('grant themselves account credit', 'owner', false, (db, s) =>
    updateDoc(doc(db, `users/${s}`), profileEdit({ accountCredit: 100000 })),
  );
  suite.check('move their sessionsValidAfter back', 'owner', false, (db, s) =>
    updateDoc(doc(db, `users/${s}`), profileEdit({ sessionsValidAfter: 0 })),
  );
  suite.check('set their postal address without the callable', 'owner', false, (db, s) =>
    updateDoc(doc(db, `users/${s}`), profileEdit({ address: '1 High St' })),
  );
  suite.check('store the bio as a map', 'owner', false, (db, s) =>
    updateDoc(doc(db, `users/${s}`), profileEdit({ bio: { html: '<script>' } })),
  );
  suite.check('store a name as a list', 'owner', false, (db, s) =>
    updateDoc(doc(db, `users/${s}`), profileEdit({ lastName: ['a', 'b'] })),
  );
  suite.check('date the profile edit in the future', 'owner', false, (db, s) =>
    updateDoc(doc(db, `users/${s}`), { bio: 'x', updatedAt: ts('2099-01-01T00:00:00Z') }),
  );
  suite.check('hold tickets in a raffle without paying', 'owner', false, (db, s) =>
    setDoc(doc(db, `raffles/live/holders/${s}`), { owned: 0, holds: {} }),
  );
  suite.check('lift their own spending limit', 'owner', false, (db, s) =>
    setDoc(doc(db, `playerProtection/${s}`), { spendLimit: null }),
  );
  suite.check('claim a username directly', 'owner', false, (db, s) =>
    setDoc(doc(db, 'usernames/admin'), { uid: s }),
  );
  suite.check('clear their rate-limit record', 'owner', false, (db) =>
    setDoc(doc(db, 'rateLimits/anything'), { hits: [] }),
  );
  suite.check('file a postal entry directly', 'owner', false, (db, s) =>
    setDoc(doc(db, 'postalEntries/p-new'), { userId: s, raffleId: 'live' }),
  );
  suite.check('queue an e-mail to anyone', 'owner', false, (db) =>
    setDoc(doc(db, 'mail/spam'), { to: 'victim@example.com', subject: 'x', text: 'y' }),
  );
  suite.check('create a notification for themselves', 'owner', false, (db, s) =>
    setDoc(doc(db, `users/${s}/notifications/fake`), {
      type: 'account',
      title: 'You won',
      message: 'x',
      supportTicketId: null,
      isRead: false,
      createdAt: serverTimestamp(),
    }),
  );
  suite.check("plant a push device in another customer's account", 'owner', false, (db) =>
    setDoc(doc(db, `users/${UIDS.other}/devices/${'c'.repeat(40)}`), {
      uid: UIDS.other,
      token: 'attacker-token',
    }),
  );
  suite.check('close or reopen their ticket directly', 'owner', false, (db, s) =>
    updateDoc(doc(db, `supportTickets/s-${s}`), { status: 'open' }),
  );
  suite.check('write a cart whose items are a map', 'owner', false, (db, s) =>
    setDoc(doc(db, `carts/${s}`), {
      items: { 0: { raffleId: 'live', quantity: 1 } },
      updatedAt: serverTimestamp(),
    }),
  );
  suite.check('write a cart line that is text', 'owner', false, (db, s) =>
    setDoc(doc(db, `carts/${s}`), { items: ['live'], updatedAt: serverTimestamp() }),
  );
  suite.check('store channel choices with a nested map', 'other', false, (db, _s, uid) =>
    updateDoc(doc(db, `users/${uid}/settings/preferences`), {
      notificationChannels: { win: { email: { x: true } } },
    }),
  );
  suite.check('store a preference as a huge map', 'other', false, (db, _s, uid) =>
    updateDoc(doc(db, `users/${uid}/settings/preferences`), {
      timezone: { zone: 'x'.repeat(10000) },
    }),
  );
});

// A former administrator's custom token, minted before the right was removed and exchanged
// after it, counts from its minting (signInStartedAt), whatever kind of number that claim is:
// the server writes whole seconds, and a fractional one must not make the rules fall back to
// the exchange's newer auth_time.
describe("a former administrator's token minted before the right was removed", () => {
  const minted = (startedAt: number) => ({
    email: addressOf(UIDS.demotedAdmin),
    email_verified: true,
    [ADMIN_CLAIM]: true,
    auth_time: DEMOTED_AT + 600,
    [SIGN_IN_STARTED_CLAIM]: startedAt,
  });
  const listAccounts: Attempt = (db) => getDocs(collection(db, 'users'));
  suite.checkAs(
    'list every account, minted in whole seconds',
    UIDS.demotedAdmin,
    false,
    listAccounts,
    minted(DEMOTED_AT - 600),
  );
  suite.checkAs(
    'list every account, minted in fractional seconds',
    UIDS.demotedAdmin,
    false,
    listAccounts,
    minted(DEMOTED_AT - 600.5),
  );
  // Control: the same claims minted after the right was removed pass the sessions check.
  suite.checkAs(
    'list every account, minted after the change',
    UIDS.demotedAdmin,
    true,
    listAccounts,
    minted(DEMOTED_AT + 300.5),
  );
});

// Firebase Auth's own API lets a session put another address on its account (and confirm it):
// the owner, whose address it no longer has, cannot sign in to end that session, so the rules
// take a sign-in as the account's only with the address the shop keeps on its profile.
describe('a session whose address was moved past the shop', () => {
  const withAddress = (email: string) => ({
    email,
    email_verified: true,
    auth_time: VERIFIED_SIGN_IN,
  });
  const readOwnProfile: Attempt = (db, _subject, uid) => getDoc(doc(db, 'users', uid!));
  suite.checkAs(
    'read their profile with the shop’s address (in capitals)',
    UIDS.other,
    true,
    readOwnProfile,
    withAddress(addressOf(UIDS.other).toUpperCase()),
  );
  suite.checkAs(
    'read their profile with an address put on the account past the shop',
    UIDS.other,
    false,
    readOwnProfile,
    withAddress('thief@example.com'),
  );
});
