/**
 * No entry before the draw's commitment: an administrator's entry, Add Tickets and a postcard
 * publish it first, as the checkout does, when the trigger that publishes it as the raffle
 * goes live has not run (here it never runs), so the draw page's "committed before the first
 * entry" is true for every route in.
 */
import { drawSeedsCollection, rafflePath, ticketId } from '@rafflewin/domain';
import { adminDb } from '../support/admin';
import { callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import { createRaffle, postcard } from '../support/raffles';

// The trigger is not there: entries must not rely on it.
jest.mock('../../functions/src/functions/onRaffleWritten', () => ({}));

jest.setTimeout(120_000);

let admin: Customer;
let customer: Customer;

beforeAll(async () => {
  [admin, customer] = await Promise.all([newAdmin(), newCustomer('Early', 'Entrant')]);
});

async function expectCommittedBefore(raffleId: string, ticketNumber: number): Promise<void> {
  const [raffle, seed, ticket] = await Promise.all([
    adminDb.doc(rafflePath(raffleId)).get(),
    adminDb.collection(drawSeedsCollection).doc(raffleId).get(),
    adminDb.doc(`tickets/${ticketId(raffleId, ticketNumber)}`).get(),
  ]);
  expect(raffle.get('drawCommitment')).toBe(seed.get('commitment'));
  // Written before the ticket (the request's time, its purchase date, is taken before both).
  expect(seed.createTime!.toMillis()).toBeLessThanOrEqual(ticket.createTime!.toMillis());
}

describe('an entry made by an administrator in a raffle without its commitment yet', () => {
  it('by Create Manual Entry publishes the commitment first', async () => {
    const raffleId = await createRaffle();
    const entered = await callOk(
      'createManualEntry',
      { userId: customer.uid, raffleId, quantity: 1 },
      admin,
    );
    await expectCommittedBefore(raffleId, entered.ticketNumbers[raffleId]![0]!);
  });

  it('by Add Tickets publishes the commitment first', async () => {
    const raffleId = await createRaffle();
    const added = await callOk(
      'addTicketsForUser',
      { userId: customer.uid, raffleId, quantity: 1, minNumber: null },
      admin,
    );
    await expectCommittedBefore(raffleId, added.ticketNumbers[raffleId]![0]!);
  });

  it('by a postcard publishes the commitment first', async () => {
    const raffleId = await createRaffle();
    const recorded = await callOk('recordPostalEntry', postcard(raffleId, customer.email), admin);
    expect(recorded.outcome).toBe('ticket');
    await expectCommittedBefore(raffleId, recorded.ticketNumber!);
  });
});
