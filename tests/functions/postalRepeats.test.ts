/**
 * A postcard sent again under its form's key: a second press, a retry after a lost answer, or
 * a retry after a try that failed part way (its ticket issued, its record not written). Each
 * answers with the card's one result: never a second ticket or credit.
 */
import { POSTAL_MESSAGES, recordPostalEntryInput } from '@rafflewin/domain';
import * as audit from '../../functions/src/services/admin/audit';
import { recordPostalEntry } from '../../functions/src/services/postal/recordPostalEntry';
import { adminAuth, adminDb } from '../support/admin';
import {
  asServiceCaller,
  call,
  callOk,
  newAdmin,
  newCustomer,
  type Customer,
} from '../support/customers';
import { createRaffle, postcard, ticketsOf } from '../support/raffles';

jest.mock('../../functions/src/services/admin/audit', () => {
  const actual = jest.requireActual('../../functions/src/services/admin/audit');
  return { ...actual, recordAudit: jest.fn(actual.recordAudit) };
});

jest.setTimeout(120_000);

let admin: Customer;

beforeAll(async () => {
  admin = await newAdmin();
});

const key = () => crypto.randomUUID();

const entriesFor = async (raffleId: string) =>
  (await adminDb.collection('postalEntries').where('raffleId', '==', raffleId).get()).docs;

/** A card's first try that issues its ticket and then fails before the card is recorded. */
async function failedPartway(raffleId: string, customer: Customer) {
  const input = recordPostalEntryInput.parse(
    postcard(raffleId, customer.email, { requestId: key() }),
  );
  const caller = asServiceCaller(admin);
  (audit.recordAudit as jest.Mock).mockImplementationOnce(() => {
    throw new Error('the connection dropped');
  });
  await expect(recordPostalEntry(adminDb, adminAuth, caller, input)).rejects.toThrow(
    'the connection dropped',
  );
  return { input, caller };
}

describe('a postcard sent again under its key', () => {
  it('answers with its first result and issues one ticket', async () => {
    const raffleId = await createRaffle();
    const customer = await newCustomer('Twice');
    const card = postcard(raffleId, customer.email, { requestId: key() });
    const first = await callOk('recordPostalEntry', card, admin);
    const again = await callOk('recordPostalEntry', card, admin);
    expect(first.outcome).toBe('ticket');
    expect(again).toEqual(first);
    expect(again.message).toBe(POSTAL_MESSAGES.ticket(first.ticketNumber!));
    expect(await ticketsOf(customer.uid, raffleId)).toBe(1);
    expect(await entriesFor(raffleId)).toHaveLength(1);
  });

  it('pressed twice at once, records one card with one ticket', async () => {
    const raffleId = await createRaffle();
    const customer = await newCustomer('Double');
    const card = postcard(raffleId, customer.email, { requestId: key() });
    const [one, two] = await Promise.all([
      callOk('recordPostalEntry', card, admin),
      callOk('recordPostalEntry', card, admin),
    ]);
    expect(two).toEqual(one);
    expect(await ticketsOf(customer.uid, raffleId)).toBe(1);
    expect(await entriesFor(raffleId)).toHaveLength(1);
  });

  it('after a try that issued the ticket but failed to record the card, records it with that ticket', async () => {
    const raffleId = await createRaffle();
    const customer = await newCustomer('Partway');
    const { input, caller } = await failedPartway(raffleId, customer);
    // The first try got as far as the ticket: nothing was recorded for the card.
    expect(await ticketsOf(customer.uid, raffleId)).toBe(1);
    expect(await entriesFor(raffleId)).toHaveLength(0);

    const retried = await recordPostalEntry(adminDb, adminAuth, caller, input);
    expect(retried.outcome).toBe('ticket');
    expect(await ticketsOf(customer.uid, raffleId)).toBe(1);
    const [ticket] = (
      await adminDb
        .collection('tickets')
        .where('raffleId', '==', raffleId)
        .where('userId', '==', customer.uid)
        .get()
    ).docs;
    expect(retried.ticketNumber).toBe(ticket!.get('ticketNumber'));
    const entries = await entriesFor(raffleId);
    expect(entries.map((entry) => entry.get('ticketNumber'))).toEqual([retried.ticketNumber]);
  });

  it('after a try that issued the ticket, records that ticket even once the raffle was drawn', async () => {
    const raffleId = await createRaffle();
    const customer = await newCustomer('Drawn', 'Since');
    const { input, caller } = await failedPartway(raffleId, customer);
    expect(await ticketsOf(customer.uid, raffleId)).toBe(1);
    // The draw runs before the card is sent again (its ticket was in it).
    await adminDb.doc(`raffles/${raffleId}`).update({ drawStatus: 'drawn' });

    const retried = await recordPostalEntry(adminDb, adminAuth, caller, input);
    expect(retried.outcome).toBe('ticket');
    expect(retried.creditPence).toBeNull();
    expect(await ticketsOf(customer.uid, raffleId)).toBe(1);
    // No late credit beside the ticket.
    expect((await adminDb.doc(`users/${customer.uid}`).get()).get('accountCredit') ?? 0).toBe(0);
    const credits = await adminDb
      .collection('postalCredits')
      .where('raffleId', '==', raffleId)
      .get();
    expect(credits.size).toBe(0);
  });

  it('with another card’s details, is refused and records nothing more', async () => {
    const raffleId = await createRaffle();
    const customer = await newCustomer('Reused');
    const requestId = key();
    await callOk('recordPostalEntry', postcard(raffleId, customer.email, { requestId }), admin);
    const other = await newCustomer('Other');
    const answer = await call(
      'recordPostalEntry',
      postcard(raffleId, other.email, { requestId }),
      admin,
    );
    expect(answer).toMatchObject({ ok: false, message: POSTAL_MESSAGES.keyReused });
    expect(await ticketsOf(other.uid, raffleId)).toBe(0);
    expect(await entriesFor(raffleId)).toHaveLength(1);
  });

  it('without a key, each press is its own card', async () => {
    const raffleId = await createRaffle({ maxTicketsPerUser: 5 });
    const customer = await newCustomer('Keyless');
    const card = postcard(raffleId, customer.email);
    await callOk('recordPostalEntry', card, admin);
    await callOk('recordPostalEntry', card, admin);
    expect(await ticketsOf(customer.uid, raffleId)).toBe(2);
  });
});
