/**
 * What an account's deletion must not leave behind, found after the deletion suite
 * (tests/http/accountDeletion.test.ts): an e-mail change asked for and never confirmed, the
 * name of a winner on the draw it won, and audit snapshots of documents the account owned.
 */
import {
  DELETED_USER_NAME,
  auditLogCollection,
  drawsCollection,
  emailChangesCollection,
} from '@rafflewin/domain';
import { drawRaffle } from '../../functions/src/services/draws/draw';
import { sha256Hex } from '../../functions/src/lib/hash';
import { adminAuth, adminDb } from '../support/admin';
import { call, callOk, newCustomer } from '../support/customers';
import {
  adminWithPostalAddress,
  closedRaffleWithTickets,
  createRaffle,
  postcard,
} from '../support/raffles';

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

  await callOk('deleteAccount', { confirmation: 'DELETE' }, leaver);
  const nameOn = async (path: string) => (await adminDb.doc(path).get()).get('winnerName');
  expect(await nameOn(`${drawsCollection}/${won}`)).toBe(DELETED_USER_NAME);
  expect(await nameOn(`winners/${won}`)).toBe(DELETED_USER_NAME);
  // Someone else's win keeps its winner's name.
  expect(await nameOn(`${drawsCollection}/${notWon}`)).toBe(otherDraw.winnerName);
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
