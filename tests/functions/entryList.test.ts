/**
 * The public entry list's counts: the rules let a customer read an entry list a page at a
 * time only, so its totals (countEntries) and the start of a far page (locateEntry) are found
 * by the server, for listed raffles only (a switched-off raffle answers as a missing one),
 * within a rate limit per account.
 */
import {
  CHECKOUT_MESSAGES,
  RATE_LIMITS,
  entriesPath,
  rafflePath,
  rateLimitsCollection,
} from '@rafflewin/domain';
import { sha256Hex } from '../../functions/src/lib/hash';
import { entryListLimitKey } from '../../functions/src/services/entries/entryList';
import { adminDb } from '../support/admin';
import { call, callOk, newCustomer, type Customer } from '../support/customers';
import { createRaffle } from '../support/raffles';

jest.setTimeout(60_000);

/** Ticket numbers with gaps (refunded tickets' entries are deleted; numbers come at random). */
const NUMBERS = [3, 7, 8, 20, 41, 42, 77, 90, 91, 150, 151, 152, 300];

async function withEntries(numbers: number[], overrides = {}): Promise<string> {
  const raffleId = await createRaffle({
    maxTickets: 500,
    soldTickets: numbers.length,
    ...overrides,
  });
  const batch = adminDb.batch();
  for (const n of numbers) {
    batch.set(adminDb.doc(`${entriesPath(raffleId)}/${n}`), {
      ticketNumber: n,
      holderName: 'Jane D.',
      category: 'cash',
    });
  }
  await batch.commit();
  return raffleId;
}

let reader: Customer;
let live: string;
let off: string;

beforeAll(async () => {
  [reader, live, off] = await Promise.all([
    newCustomer('Entry', 'Reader'),
    withEntries(NUMBERS),
    withEntries([1, 2, 3], { active: false }),
  ]);
});

describe('countEntries', () => {
  it('counts each listed raffle’s entries, leaving out switched-off and missing ones alike', async () => {
    const empty = await withEntries([]);
    expect(
      await callOk('countEntries', { raffleIds: [live, off, 'no-such-raffle', empty] }, reader),
    ).toEqual({ totals: { [live]: NUMBERS.length, [empty]: 0 } });
  });

  it('is for signed-in customers, a page of raffles at a time', async () => {
    expect(await call('countEntries', { raffleIds: [live] }, undefined)).toMatchObject({
      ok: false,
      status: 'UNAUTHENTICATED',
    });
    const many = Array.from({ length: 7 }, () => live);
    expect(await call('countEntries', { raffleIds: many }, reader)).toMatchObject({
      ok: false,
      status: 'INVALID_ARGUMENT',
    });
  });
});

describe('locateEntry', () => {
  it('answers the ticket number at each rank, and none past the last', async () => {
    for (const [rank, expected] of NUMBERS.entries()) {
      expect(await callOk('locateEntry', { raffleId: live, rank }, reader)).toEqual({
        ticketNumber: expected,
      });
    }
    expect(await callOk('locateEntry', { raffleId: live, rank: NUMBERS.length }, reader)).toEqual({
      ticketNumber: null,
    });
    const empty = await withEntries([]);
    expect(await callOk('locateEntry', { raffleId: empty, rank: 0 }, reader)).toEqual({
      ticketNumber: null,
    });
  });

  it('does not find a switched-off raffle’s list, as a missing one is not found', async () => {
    const refusal = { ok: false, status: 'NOT_FOUND', message: CHECKOUT_MESSAGES.raffleNotFound };
    expect(await call('locateEntry', { raffleId: off, rank: 0 }, reader)).toMatchObject(refusal);
    expect(
      await call('locateEntry', { raffleId: 'no-such-raffle', rank: 0 }, reader),
    ).toMatchObject(refusal);
    // Switched off after it was listed: its list is no longer anyone's to count.
    await adminDb.doc(rafflePath(live)).update({ active: false });
    try {
      expect(await call('locateEntry', { raffleId: live, rank: 0 }, reader)).toMatchObject(refusal);
      expect(await callOk('countEntries', { raffleIds: [live] }, reader)).toEqual({ totals: {} });
    } finally {
      await adminDb.doc(rafflePath(live)).update({ active: true });
    }
  });
});

describe('the rate limit', () => {
  it('refuses an account that has counted its hour’s share, and changes nothing', async () => {
    const busy = await newCustomer('Entry', 'Counter');
    const now = Date.now();
    const hits = Array.from(
      { length: RATE_LIMITS.entryList.max },
      (_, i) => new Date(now - 1000 - i),
    );
    await adminDb
      .collection(rateLimitsCollection)
      .doc(sha256Hex(entryListLimitKey(busy.uid)))
      .set({
        hits,
        expiresAt: new Date(now + RATE_LIMITS.entryList.windowMs),
      });
    const refused = {
      ok: false,
      status: 'RESOURCE_EXHAUSTED',
      message: RATE_LIMITS.entryList.message,
    };
    expect(await call('countEntries', { raffleIds: [live] }, busy)).toMatchObject(refused);
    expect(await call('locateEntry', { raffleId: live, rank: 3 }, busy)).toMatchObject(refused);
    // Another account is not held up by it.
    expect(await callOk('locateEntry', { raffleId: live, rank: 3 }, reader)).toEqual({
      ticketNumber: NUMBERS[3],
    });
  });
});
