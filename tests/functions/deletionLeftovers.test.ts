/**
 * What an account's deletion must not leave behind, found after the deletion suite
 * (tests/http/accountDeletion.test.ts): an e-mail change asked for and never confirmed, the
 * name of a winner on the draw it won, audit snapshots of documents the account owned, its
 * per-raffle counts when a deletion that failed half way is run again, and a checkout started
 * from another tab while the deletion runs.
 */
import {
  ACCOUNT_MESSAGES,
  DELETED_USER_ID,
  MANUAL_ENTRY_MESSAGES,
  POSTAL_MESSAGES,
  DELETED_USER_NAME,
  checkoutLocksCollection,
  checkoutSessionsCollection,
  devicesPath,
  auditLogCollection,
  drawsCollection,
  emailChangesCollection,
  holdersPath,
  passwordSetsCollection,
  pendingDeletionsCollection,
  playerProtectionCollection,
  postalEntriesCollection,
  stripeCustomersCollection,
  twoFactorSecretsCollection,
  userPath,
  type StartCardSetupOutput,
} from '@rafflewin/domain';
import type { UserRecord } from 'firebase-admin/auth';
import { onUserDeleted } from '../../functions/src/functions/onUserDeleted';
import { finishPendingDeletions } from '../../functions/src/services/account/deleteAccount';
import * as stripeCards from '../../functions/src/services/account/stripeCards';
import { drawRaffle } from '../../functions/src/services/draws/draw';
import { stripe } from '../../functions/src/services/payments/stripe';
import { registerDevice } from '../../functions/src/services/push/devices';
import { sha256Hex } from '../../functions/src/lib/hash';
import { adminAuth, adminDb } from '../support/admin';
import { TEST_PROJECT_ID } from '../support/project';
import {
  TEST_PASSWORD,
  call,
  callOk,
  newCustomer,
  type CallResult,
  type Customer,
} from '../support/customers';
import { tokenClaims } from '../support/callables';
import { stripeSessionOf } from '../support/stripeDouble';
import {
  adminWithPostalAddress,
  closedRaffleWithTickets,
  checkoutSessionsOf,
  buyTickets,
  createRaffle,
  line,
  postcard,
} from '../support/raffles';

// Looking up the account's Stripe customer comes late in a deletion: a test acts there.
jest.mock('../../functions/src/services/account/stripeCards', () => {
  const actual = jest.requireActual<typeof stripeCards>(
    '../../functions/src/services/account/stripeCards',
  );
  return { ...actual, stripeCustomerOf: jest.fn(actual.stripeCustomerOf) };
});
const stripeCustomerOf = stripeCards.stripeCustomerOf as jest.MockedFunction<
  typeof stripeCards.stripeCustomerOf
>;

jest.setTimeout(120_000);

it('deletes an e-mail change the account asked for and never confirmed', async () => {
  const leaver = await newCustomer('Ema', 'Changer');
  // As requestEmailChange leaves it until the link is opened (it checks the password first,
  // which in-process suites cannot).
  const change = adminDb.collection(emailChangesCollection).doc(leaver.uid);
  await change.set({ codeHash: sha256Hex('code'), newEmail: `new-${leaver.email}` });
  await callOk('deleteAccount', { confirmation: 'DELETE' }, leaver);
  expect((await change.get()).exists).toBe(false);
});

it('no longer names a winner on the draw and on /winners once they delete their account', async () => {
  const [leaver, other] = await Promise.all([
    newCustomer('Wendy', 'Winner'),
    newCustomer('Olly', 'Other'),
  ]);
  const won = await closedRaffleWithTickets([leaver]);
  expect((await drawRaffle(adminDb, adminAuth, won, 'admin')).winnerName).toBe('Wendy W.');
  const notWon = await closedRaffleWithTickets([other]);
  const otherDraw = await drawRaffle(adminDb, adminAuth, notWon, 'admin');
  // Their picture, as an administrator adds one to the card.
  const picture = { imageUrl: '/images/winners/photo.jpg' };
  await Promise.all([won, notWon].map((id) => adminDb.doc(`winners/${id}`).update(picture)));

  await callOk('deleteAccount', { confirmation: 'DELETE' }, leaver);
  const nameOn = async (path: string) => (await adminDb.doc(path).get()).get('winnerName');
  expect(await nameOn(`${drawsCollection}/${won}`)).toBe(DELETED_USER_NAME);
  expect(await nameOn(`winners/${won}`)).toBe(DELETED_USER_NAME);
  expect((await adminDb.doc(`winners/${won}`).get()).get('imageUrl')).toBeNull();
  // Someone else's win keeps its winner's name and picture.
  expect(await nameOn(`${drawsCollection}/${notWon}`)).toBe(otherDraw.winnerName);
  expect((await adminDb.doc(`winners/${notWon}`).get()).get('imageUrl')).toBe(picture.imageUrl);
});

it('leaves no audit snapshot naming the account: its manual entry, its postcard', async () => {
  const [admin, leaver] = await Promise.all([
    adminWithPostalAddress(),
    newCustomer('Audrey', 'Audited'),
  ]);
  const [free, paid] = await Promise.all([
    createRaffle({ ticketPrice: 0, maxTicketsPerUser: 5 }),
    createRaffle({ ticketPrice: 200 }),
  ]);
  await callOk('createManualEntry', { userId: leaver.uid, raffleId: free, quantity: 1 }, admin);
  const card = postcard(paid, leaver.email);
  expect((await call('recordPostalEntry', card, admin)).ok).toBe(true);
  const log = adminDb.collection(auditLogCollection).where('actorUid', '==', admin.uid);
  const naming = async () =>
    (await log.get()).docs
      .filter((entry) => {
        const text = JSON.stringify(entry.data()).toLowerCase();
        return [leaver.uid, leaver.email, card.address].some((told) =>
          text.includes(told.toLowerCase()),
        );
      })
      .map((entry) => String(entry.get('action')))
      .sort();
  expect(await naming()).toEqual(['manualEntry.create', 'postalEntry.record']);

  await callOk('deleteAccount', { confirmation: 'DELETE' }, leaver);
  expect(await naming()).toEqual([]);
  // What was done, and by whom, stays.
  expect((await log.get()).docs.map((entry) => entry.get('action'))).toEqual(
    expect.arrayContaining(['manualEntry.create', 'postalEntry.record']),
  );
});

it('gives no administrator’s tickets or postcard to an account while it is being deleted', async () => {
  const [admin, leaver] = await Promise.all([
    adminWithPostalAddress(),
    newCustomer('Gil', 'Going'),
  ]);
  const raffleId = await createRaffle({ ticketPrice: 200 });
  const answers: Array<Awaited<ReturnType<typeof call>>> = [];
  // Before, these were made between the deletion's anonymising and its removal of the
  // profile: tickets, orders, the holder count and public entries named the account after it.
  stripeCustomerOf.mockImplementationOnce(async (...args) => {
    answers.push(
      await call(
        'addTicketsForUser',
        { userId: leaver.uid, raffleId, quantity: 1, minNumber: null },
        admin,
      ),
      await call('createManualEntry', { userId: leaver.uid, raffleId, quantity: 1 }, admin),
      await call('recordPostalEntry', postcard(raffleId, leaver.email), admin),
    );
    return jest
      .requireActual<typeof stripeCards>('../../functions/src/services/account/stripeCards')
      .stripeCustomerOf(...args);
  });
  await callOk('deleteAccount', { confirmation: 'DELETE' }, leaver);
  const refused = { ok: false, message: MANUAL_ENTRY_MESSAGES.userDeleting };
  expect(answers.slice(0, 2)).toEqual([
    expect.objectContaining(refused),
    expect.objectContaining(refused),
  ]);
  expect(answers[2]).toMatchObject({ ok: false, message: POSTAL_MESSAGES.deleting });
  for (const collection of ['tickets', 'orders', checkoutSessionsCollection]) {
    const left = await adminDb.collection(collection).where('userId', '==', leaver.uid).get();
    expect(left.size).toBe(0);
  }
  expect((await adminDb.doc(`${holdersPath(raffleId)}/${leaver.uid}`).get()).exists).toBe(false);
  expect((await adminDb.collection(`raffles/${raffleId}/entries`).get()).size).toBe(0);
  const cards = await adminDb.collection(postalEntriesCollection).get();
  expect(cards.docs.filter((card) => JSON.stringify(card.data()).includes(leaver.email))).toEqual(
    [],
  );
});

it('records no postcard whose checks passed just before the account’s deletion began', async () => {
  const [admin, leaver] = await Promise.all([
    adminWithPostalAddress(),
    newCustomer('Poppy', 'Postcard'),
  ]);
  // Switched off: the card is refused, with an e-mail saying why, its details on the record.
  const raffleId = await createRaffle({ active: false });
  // The deletion marks the account (and sweeps its postcards) after the card's checks, before
  // it is recorded.
  const runTransaction = adminDb.runTransaction.bind(adminDb);
  jest.spyOn(adminDb, 'runTransaction').mockImplementationOnce(async (...args) => {
    await adminDb.doc(userPath(leaver.uid)).update({ deleting: true });
    return runTransaction(...args);
  });
  expect(await call('recordPostalEntry', postcard(raffleId, leaver.email), admin)).toMatchObject({
    ok: false,
    message: POSTAL_MESSAGES.deleting,
  });
  const cards = await adminDb
    .collection(postalEntriesCollection)
    .where('raffleId', '==', raffleId)
    .get();
  expect(cards.size).toBe(0);
  const mail = await adminDb.collection('mail').where('to', '==', leaver.email).get();
  expect(mail.size).toBe(0);
});

it('removes the account’s per-raffle counts when a deletion that failed half way runs again', async () => {
  const leaver = await newCustomer('Hal', 'Fway');
  const raffleId = await createRaffle({ ticketPrice: 0, maxTicketsPerUser: 3 });
  await buyTickets(leaver, raffleId, 2);
  const holder = adminDb.doc(`${holdersPath(raffleId)}/${leaver.uid}`);
  expect((await holder.get()).get('owned')).toBe(2);

  // The first run fails once its tickets, orders and reservations no longer name the account.
  const collection = adminDb.collection.bind(adminDb);
  let interrupted = false;
  const interrupt = jest.spyOn(adminDb, 'collection').mockImplementation((path: string) => {
    if (path !== postalEntriesCollection) return collection(path);
    interrupt.mockRestore();
    interrupted = true;
    throw new Error('Interrupted');
  });
  expect(await call('deleteAccount', { confirmation: 'DELETE' }, leaver)).toMatchObject({
    ok: false,
  });
  expect(interrupted).toBe(true);

  await callOk('deleteAccount', { confirmation: 'DELETE' }, leaver);
  expect((await holder.get()).exists).toBe(false);
});

it('refuses a checkout started from another tab while the deletion runs', async () => {
  const leaver = await newCustomer('Tab', 'Twoer');
  const raffleId = await createRaffle({ ticketPrice: 0, maxTicketsPerUser: 3 });
  let meanwhile: Awaited<ReturnType<typeof call<'startCheckout'>>> | null = null;
  stripeCustomerOf.mockImplementationOnce(async (...args) => {
    meanwhile = await call('startCheckout', { items: [line(raffleId, 1)] }, leaver);
    return jest
      .requireActual<typeof stripeCards>('../../functions/src/services/account/stripeCards')
      .stripeCustomerOf(...args);
  });
  await callOk('deleteAccount', { confirmation: 'DELETE' }, leaver);
  expect(meanwhile).toMatchObject({ ok: false, message: ACCOUNT_MESSAGES.beingDeleted });
  expect((await checkoutSessionsOf(leaver.uid)).size).toBe(0);
  expect((await adminDb.doc(`${holdersPath(raffleId)}/${leaver.uid}`).get()).exists).toBe(false);
});

it('keeps no push device or support conversation made from another tab as the deletion ends', async () => {
  const leaver = await newCustomer('Tess', 'Tabs');
  // Between the profile's removal and the sign-in account's, the account's ID token still
  // passes: before, a device registered or a conversation opened then stayed under its id.
  const answers: Array<Awaited<ReturnType<typeof call>>> = [];
  const recursiveDelete = adminDb.recursiveDelete.bind(adminDb);
  const spy = jest.spyOn(adminDb, 'recursiveDelete').mockImplementation(async (ref, writer) => {
    await recursiveDelete(ref, writer);
    if (ref.path !== userPath(leaver.uid)) return;
    answers.push(
      await call('registerDevice', { token: `tab-two-${leaver.uid}`, label: 'Tab two' }, leaver),
      await call(
        'submitSupportTicket',
        { name: 'Tess Tabs', email: leaver.email, subject: 'Leaving', message: 'Bye for now' },
        leaver,
      ),
    );
  });
  await callOk('deleteAccount', { confirmation: 'DELETE' }, leaver);
  spy.mockRestore();
  expect(answers[0]).toMatchObject({ ok: false, message: ACCOUNT_MESSAGES.sessionRevoked });
  expect(answers[1]).toMatchObject({ ok: true });
  expect((await adminDb.collection(devicesPath(leaver.uid)).get()).size).toBe(0);
  const tickets = await adminDb
    .collection('supportTickets')
    .where('userId', '==', leaver.uid)
    .get();
  expect(tickets.size).toBe(0);
});

/** What another tab of `customer` asks for that writes a document under the account's id. */
async function tabTwo(customer: Customer) {
  return [
    await call('setSpendLimit', { monthlyLimit: 5000 }, customer),
    await call('startPlayBreak', { period: '24h' }, customer),
    await call('startCardSetup', {}, customer),
    await call('startTwoFactorEnrolment', { currentPassword: TEST_PASSWORD }, customer),
    await call(
      'requestEmailChange',
      { newEmail: `new-${customer.email}`, currentPassword: TEST_PASSWORD },
      customer,
    ),
  ];
}

/** The documents keyed by the account's id that hold its data (deleteAccount's sweep). */
const keyedByAccount = [
  stripeCustomersCollection,
  playerProtectionCollection,
  twoFactorSecretsCollection,
  passwordSetsCollection,
  checkoutLocksCollection,
  emailChangesCollection,
];

it('keeps nothing another tab’s callables write while the deletion runs, nor one already under way', async () => {
  // Signed in, in this tab and another, a second before the deletion at least (Auth keeps when
  // sessions ended to the second, and lets a sign-in of that very second through).
  const leaver = await newCustomer('Tia', 'Tabs');
  const signedIn = Number(tokenClaims(leaver.idToken).auth_time);
  await new Promise((resolve) => setTimeout(resolve, (signedIn + 1) * 1000 - Date.now()));
  // A card set-up the other tab started just before the deletion: past its checks, it waits
  // for Stripe to make its customer until the deletion has removed the profile.
  let reached!: () => void;
  let release!: () => void;
  const atStripe = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const { customers } = await stripe();
  const createCustomer = customers.create.bind(customers);
  const held = jest.spyOn(customers, 'create').mockImplementationOnce(async (params, options) => {
    reached();
    await released;
    return createCustomer(params, options);
  });
  const underWay = call('startCardSetup', {}, leaver);
  await Promise.race([atStripe, underWay]);

  // Before, these wrote under the account's id after the deletion's sweep, and it stayed: a
  // spending limit and a play break, a Stripe customer, and (past their password checks, which
  // in-process suites cannot make) a two-factor secret with the password's hash, an e-mail change.
  const marked: Array<CallResult<unknown>> = [];
  const profileGone: Array<CallResult<unknown>> = [];
  const lateSetups: Array<CallResult<StartCardSetupOutput>> = [];
  // The account's support conversation goes once the documents keyed by its id are swept.
  await callOk(
    'submitSupportTicket',
    { name: 'Tia Tabs', email: leaver.email, subject: 'Leaving', message: 'Bye' },
    leaver,
  );
  const recursiveDelete = adminDb.recursiveDelete.bind(adminDb);
  const spy = jest.spyOn(adminDb, 'recursiveDelete').mockImplementation(async (ref, writer) => {
    await recursiveDelete(ref, writer);
    if (ref.path.startsWith('supportTickets/') && marked.length === 0) {
      // Swept, the profile still there and marked as being deleted.
      marked.push(...(await tabTwo(leaver)));
    } else if (ref.path === userPath(leaver.uid) && lateSetups.length === 0) {
      profileGone.push(...(await tabTwo(leaver)));
      release();
      lateSetups.push(await underWay);
    }
  });
  try {
    await callOk('deleteAccount', { confirmation: 'DELETE' }, leaver);
  } finally {
    release();
    spy.mockRestore();
    held.mockRestore();
  }

  const said = (answers: Array<CallResult<unknown>>) =>
    answers.map((answer) => (answer.ok ? 'accepted' : answer.message));
  expect(said(marked)).toEqual(Array(5).fill(ACCOUNT_MESSAGES.beingDeleted));
  expect(said(profileGone)).toEqual(Array(5).fill(ACCOUNT_MESSAGES.sessionRevoked));
  for (const collection of keyedByAccount) {
    expect({
      collection,
      left: (await adminDb.doc(`${collection}/${leaver.uid}`).get()).exists,
    }).toEqual({ collection, left: false });
  }
  expect(await adminDb.doc(userPath(leaver.uid)).listCollections()).toEqual([]);
  // The set-up already under way went through; its Stripe customer went all the same.
  const [late] = lateSetups;
  if (!late?.ok) throw new Error(`The set-up under way was refused: ${JSON.stringify(late)}`);
  const client = await stripe();
  const { customer } = await client.checkout.sessions.retrieve(stripeSessionOf(late.result.url));
  await expect(client.customers.retrieve(String(customer))).rejects.toMatchObject({
    code: 'resource_missing',
  });
});

it('finishes later a deletion through Firebase Auth’s own API that had to wait for a payment', async () => {
  const leaver = await newCustomer('Pat', 'Paying');
  const raffleId = await createRaffle();
  const started = await callOk('startCheckout', { items: [line(raffleId, 1)] }, leaver);
  const session = adminDb.doc(`${checkoutSessionsCollection}/${started.sessionId}`);
  await session.update({ status: 'fulfilling' });
  await registerDevice(adminDb, leaver.uid, { token: `token-${leaver.uid}`, label: 'Phone' });

  // Deleted past the shop while its payment is being fulfilled: the trigger has to wait.
  await adminAuth.deleteUser(leaver.uid);
  await onUserDeleted.run({ uid: leaver.uid, email: leaver.email } as UserRecord, {
    params: {},
    eventType: 'providers/firebase.auth/eventTypes/user.delete',
    resource: { service: 'firebaseauth.googleapis.com', name: `projects/${TEST_PROJECT_ID}` },
  });
  const pending = adminDb.doc(`${pendingDeletionsCollection}/${leaver.uid}`);
  expect((await pending.get()).exists).toBe(true);
  expect((await adminDb.doc(userPath(leaver.uid)).get()).exists).toBe(true);
  // Nothing more is pushed to its browsers meanwhile, and its ID token, which Auth can no longer
  // revoke, is refused by the rules (the profile's cut-off) and the callables alike.
  expect((await adminDb.collection(devicesPath(leaver.uid)).get()).empty).toBe(true);
  const validAfter = (await adminDb.doc(userPath(leaver.uid)).get()).get('sessionsValidAfter');
  expect(validAfter).toBeGreaterThan(Number(tokenClaims(leaver.idToken).auth_time));
  expect(await call('startCheckout', { items: [line(raffleId, 1)] }, leaver)).toEqual({
    ok: false,
    status: 'UNAUTHENTICATED',
    message: ACCOUNT_MESSAGES.sessionRevoked,
  });

  // Fulfilled: the next sweep finishes the deletion.
  await session.update({ status: 'fulfilled' });
  await finishPendingDeletions(adminDb, adminAuth);
  expect((await pending.get()).exists).toBe(false);
  expect((await adminDb.doc(userPath(leaver.uid)).get()).exists).toBe(false);
  expect((await session.get()).get('userId')).toBe(DELETED_USER_ID);
});
