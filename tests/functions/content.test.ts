import {
  DONATION_MESSAGES,
  WINNER_MESSAGES,
  auditLogCollection,
  charityDonationsCollection,
  winnersCollection,
} from '@rafflewin/domain';
import { drawRaffle } from '../../functions/src/services/draws/draw';
import { adminAuth, adminDb, versionOf } from '../support/admin';
import { call, callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import {
  AFTER_FAR_END,
  FAR_END,
  buyTickets,
  closedRaffleWithTickets,
  createRaffle,
} from '../support/raffles';

jest.setTimeout(60_000);

let admin: Customer;
let other: Customer;
let customer: Customer;

beforeAll(async () => {
  [admin, other, customer] = await Promise.all([
    newAdmin(),
    newAdmin('Otto', 'Other'),
    newCustomer(),
  ]);
});

const winner = (overrides: Record<string, unknown> = {}) => ({
  winnerId: null,
  raffleId: null,
  winnerName: 'Priya K.',
  prizeName: 'Nintendo Switch 2',
  ticketNumber: '',
  imageUrl: '',
  prizeImageUrl: 'https://example.com/switch.png',
  prizeValue: 39_999,
  announcementDate: '2026-11-01T18:00:00.000Z',
  ...overrides,
});

const donation = (overrides: Record<string, unknown> = {}) => ({
  donationId: null,
  charityName: 'Shelter',
  amount: 125_050,
  date: '2026-10-01T09:00:00.000Z',
  description: 'Winter shelter beds',
  imageUrl: null,
  ...overrides,
});

async function auditFor(target: string, action: string) {
  const entries = await adminDb
    .collection(auditLogCollection)
    .where('target', '==', target)
    .where('action', '==', action)
    .get();
  return entries.docs.map((d) => d.data());
}

describe('winners: saveWinner and deleteWinner', () => {
  it('refuses guests and customers and changes nothing', async () => {
    const before = (await adminDb.collection(winnersCollection).count().get()).data().count;
    const guest = await call('saveWinner', winner());
    expect(guest).toMatchObject({ ok: false, status: 'UNAUTHENTICATED' });
    const asCustomer = await call('saveWinner', winner(), customer);
    expect(asCustomer).toEqual({
      ok: false,
      status: 'PERMISSION_DENIED',
      message: 'Access denied. Admin privileges required.',
    });
    expect(await call('deleteWinner', { winnerId: 'winner-1' }, customer)).toMatchObject({
      ok: false,
      status: 'PERMISSION_DENIED',
    });
    const after = (await adminDb.collection(winnersCollection).count().get()).data().count;
    expect(after).toBe(before);
  });

  it('checks the form with its messages', async () => {
    expect(await call('saveWinner', winner({ winnerName: '  ' }), admin)).toMatchObject({
      ok: false,
      status: 'INVALID_ARGUMENT',
      message: 'Winner name is required',
    });
    expect(await call('saveWinner', winner({ prizeName: '' }), admin)).toMatchObject({
      message: 'Prize name is required',
    });
    expect(await call('saveWinner', winner({ prizeValue: -1 }), admin)).toMatchObject({
      status: 'INVALID_ARGUMENT',
    });
    expect(await call('saveWinner', winner({ imageUrl: 'not a url' }), admin)).toMatchObject({
      message: 'Image URL must be a valid URL',
    });
  });

  it('lets an administrator add, edit and delete a winner, each audited', async () => {
    const { id, created } = await callOk('saveWinner', winner(), admin);
    expect(created).toBe(true);
    const saved = await adminDb.collection(winnersCollection).doc(id).get();
    expect(saved.data()).toMatchObject({
      winnerName: 'Priya K.',
      ticketNumber: null,
      imageUrl: null,
      prizeValue: 39_999,
      // Public: it names no administrator's account (the audit entry does, below).
      updatedBy: 'admin',
    });
    const target = `${winnersCollection}/${id}`;
    const [created0] = await auditFor(target, 'winner.create');
    expect(created0).toMatchObject({ actorUid: admin.uid, actorEmail: admin.email, before: null });

    await callOk('saveWinner', winner({ winnerId: id, winnerName: 'Priya Kaur' }), admin);
    const [updated] = await auditFor(target, 'winner.update');
    expect(updated?.before).toMatchObject({ winnerName: 'Priya K.' });
    expect(updated?.after).toMatchObject({ winnerName: 'Priya Kaur' });

    await callOk('deleteWinner', { winnerId: id }, admin);
    expect((await adminDb.collection(winnersCollection).doc(id).get()).exists).toBe(false);
    expect(await auditFor(target, 'winner.delete')).toHaveLength(1);

    // Gone: editing or deleting it again is refused, not re-created.
    expect(await call('saveWinner', winner({ winnerId: id }), admin)).toMatchObject({
      ok: false,
      status: 'NOT_FOUND',
      message: 'This winner no longer exists',
    });
    expect((await adminDb.collection(winnersCollection).doc(id).get()).exists).toBe(false);
  });
});

describe('an edit made over a change saved since its form was opened', () => {
  it('is refused for a winner, and the change stays', async () => {
    const { id } = await callOk('saveWinner', winner(), admin);
    const path = `${winnersCollection}/${id}`;
    // Two forms opened on the same version; the other administrator saves first.
    const opened = winner({ winnerId: id, seenUpdatedAt: await versionOf(path) });
    await callOk('saveWinner', { ...opened, winnerName: 'Priya Kaur' }, other);
    const before = (await adminDb.doc(path).get()).data();
    expect(await call('saveWinner', { ...opened, prizeValue: 45_000 }, admin)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: WINNER_MESSAGES.changedSinceOpened,
    });
    expect((await adminDb.doc(path).get()).data()).toEqual(before);
    expect(before).toMatchObject({ winnerName: 'Priya Kaur', prizeValue: 39_999 });

    // Opened on the latest version, the edit is saved.
    const latest = { ...opened, winnerName: 'Priya Kaur', seenUpdatedAt: await versionOf(path) };
    await callOk('saveWinner', { ...latest, prizeValue: 45_000 }, admin);
    expect((await adminDb.doc(path).get()).data()).toMatchObject({
      winnerName: 'Priya Kaur',
      prizeValue: 45_000,
    });
  });

  it('is refused for a donation, and the change stays', async () => {
    const { id } = await callOk('saveCharityDonation', donation(), admin);
    const path = `${charityDonationsCollection}/${id}`;
    const opened = donation({ donationId: id, seenUpdatedAt: await versionOf(path) });
    await callOk('saveCharityDonation', { ...opened, amount: 130_000 }, other);
    const before = (await adminDb.doc(path).get()).data();
    expect(
      await call('saveCharityDonation', { ...opened, description: 'Beds and meals' }, admin),
    ).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: DONATION_MESSAGES.changedSinceOpened,
    });
    expect((await adminDb.doc(path).get()).data()).toEqual(before);
    expect(before).toMatchObject({ amount: 130_000, description: 'Winter shelter beds' });

    const latest = { ...opened, amount: 130_000, seenUpdatedAt: await versionOf(path) };
    await callOk('saveCharityDonation', { ...latest, description: 'Beds and meals' }, admin);
    expect((await adminDb.doc(path).get()).data()).toMatchObject({
      amount: 130_000,
      description: 'Beds and meals',
    });
  });
});

describe('the draw’s own winner', () => {
  it('keeps the draw’s raffle and number; its photo, prize and shown name may change', async () => {
    const raffleId = await createRaffle({ endDate: FAR_END, maxTickets: 1 });
    await buyTickets(customer, raffleId, 1);
    const record = await drawRaffle(adminDb, adminAuth, raffleId, 'admin', AFTER_FAR_END);
    expect(record.winningTicketNumber).toBe(1);
    const drawn = adminDb.doc(`${winnersCollection}/${raffleId}`);
    const published = (await drawn.get()).data()!;
    const edit = winner({ winnerId: raffleId, raffleId, ticketNumber: '1' });
    for (const changed of [{ ticketNumber: '2' }, { ticketNumber: '' }, { raffleId: null }]) {
      expect(await call('saveWinner', { ...edit, ...changed }, admin)).toEqual({
        ok: false,
        status: 'FAILED_PRECONDITION',
        message: WINNER_MESSAGES.drawnFixed,
      });
    }
    expect((await drawn.get()).data()).toEqual(published);
    await callOk('saveWinner', { ...edit, winnerName: 'P. K.' }, admin);
    expect((await drawn.get()).data()).toMatchObject({
      raffleId,
      ticketNumber: '1',
      winnerName: 'P. K.',
      prizeValue: 39_999,
    });
  });

  it('stays the raffle’s only winner on /winners, and stays listed', async () => {
    const raffleId = await createRaffle({ endDate: FAR_END, maxTickets: 1 });
    await buyTickets(customer, raffleId, 1);
    const { id: other } = await callOk('saveWinner', winner({ winnerName: 'Other' }), admin);
    await drawRaffle(adminDb, adminAuth, raffleId, 'admin', AFTER_FAR_END);
    const drawn = adminDb.doc(`${winnersCollection}/${raffleId}`);
    const published = (await drawn.get()).data()!;
    // Before, a new card or an edited one could name the drawn raffle with another number, and
    // the draw's own card could be deleted: /winners then contradicted the published draw.
    const refused = {
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: WINNER_MESSAGES.drawnHasWinner,
    };
    for (const changed of [{ ticketNumber: '7' }, { ticketNumber: '1' }]) {
      expect(await call('saveWinner', winner({ raffleId, ...changed }), admin)).toEqual(refused);
      expect(
        await call('saveWinner', winner({ winnerId: other, raffleId, ...changed }), admin),
      ).toEqual(refused);
    }
    expect(await call('deleteWinner', { winnerId: raffleId }, admin)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: WINNER_MESSAGES.drawnKept,
    });
    expect((await drawn.get()).data()).toEqual(published);
    const naming = await adminDb
      .collection(winnersCollection)
      .where('raffleId', '==', raffleId)
      .get();
    expect(naming.docs.map((d) => d.id)).toEqual([raffleId]);
    // A card for no raffle is the administrator's to add and remove.
    await callOk('deleteWinner', { winnerId: other }, admin);
  });

  it('names no raffle still to be drawn: its draw adds the winner’s card', async () => {
    const raffleId = await createRaffle({ endDate: FAR_END, maxTickets: 1 });
    await buyTickets(customer, raffleId, 1);
    const { id: other } = await callOk('saveWinner', winner({ winnerName: 'Early' }), admin);
    // Before, a card named the open raffle, and its draw then added its own card beside it.
    const refused = {
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: WINNER_MESSAGES.notDrawnYet,
    };
    expect(await call('saveWinner', winner({ raffleId }), admin)).toEqual(refused);
    expect(await call('saveWinner', winner({ winnerId: other, raffleId }), admin)).toEqual(refused);
    expect((await adminDb.doc(`${winnersCollection}/${other}`).get()).get('raffleId')).toBeNull();
    await drawRaffle(adminDb, adminAuth, raffleId, 'admin', AFTER_FAR_END);
    const naming = await adminDb
      .collection(winnersCollection)
      .where('raffleId', '==', raffleId)
      .get();
    expect(naming.docs.map((d) => d.id)).toEqual([raffleId]);
    // A raffle drawn with no winner (no entries online) may be named: nothing else would be.
    const empty = await closedRaffleWithTickets([]);
    expect((await drawRaffle(adminDb, adminAuth, empty, 'admin')).status).toBe('no-entries');
    await callOk('saveWinner', winner({ winnerId: other, raffleId: empty }), admin);
    await callOk('deleteWinner', { winnerId: other }, admin);
  });
});

describe('charity donations: saveCharityDonation and deleteCharityDonation', () => {
  it('refuses customers', async () => {
    expect(await call('saveCharityDonation', donation(), customer)).toMatchObject({
      ok: false,
      status: 'PERMISSION_DENIED',
    });
  });

  it('checks the form with its messages', async () => {
    expect(await call('saveCharityDonation', donation({ charityName: '' }), admin)).toMatchObject({
      message: 'Charity name, amount, and date are required',
    });
    expect(await call('saveCharityDonation', donation({ amount: 1.5 }), admin)).toMatchObject({
      status: 'INVALID_ARGUMENT',
    });
    expect(await call('saveCharityDonation', donation({ description: ' ' }), admin)).toMatchObject({
      message: 'Description is required',
    });
  });

  it('refuses, in words, a date Firestore cannot store, and saves nothing', async () => {
    const before = (await adminDb.collection(charityDonationsCollection).count().get()).data();
    for (const date of ['0000-01-01T00:00:00Z', '9999-12-31T23:00:00-02:00']) {
      expect(await call('saveCharityDonation', donation({ date }), admin)).toEqual({
        ok: false,
        status: 'INVALID_ARGUMENT',
        message: 'Enter a valid date',
      });
    }
    const announcementDate = '0001-01-01T00:00:00+01:00';
    expect(await call('saveWinner', winner({ announcementDate }), admin)).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: 'Enter a valid date',
    });
    const after = (await adminDb.collection(charityDonationsCollection).count().get()).data();
    expect(after.count).toBe(before.count);
  });

  it('lets an administrator add and delete a donation, audited', async () => {
    const { id } = await callOk('saveCharityDonation', donation(), admin);
    const saved = await adminDb.collection(charityDonationsCollection).doc(id).get();
    expect(saved.get('amount')).toBe(125_050);
    expect(saved.get('date').toDate().toISOString()).toBe('2026-10-01T09:00:00.000Z');
    await callOk('deleteCharityDonation', { donationId: id }, admin);
    const target = `${charityDonationsCollection}/${id}`;
    expect(await auditFor(target, 'donation.create')).toHaveLength(1);
    expect(await auditFor(target, 'donation.delete')).toHaveLength(1);
  });
});
