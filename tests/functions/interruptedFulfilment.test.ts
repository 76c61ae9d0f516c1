/**
 * Hardening: a fulfilment that crashes part-way through writing tickets (a failure injected
 * through the service's test-only option, called here as the webhook would call it) is
 * completed by a retry: the order is paid once, every reserved ticket exists exactly once
 * with the numbers issued for the reservation, and the pool's counters are right.
 */
import {
  CHECKOUT_MESSAGES,
  TICKET_ADMIN_MESSAGES,
  entriesPath,
  holdersPath,
  shardsPath,
  ticketId,
  type IssuedRange,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/v2';
import * as fulfil from '../../functions/src/services/checkout/fulfil';
import { resumeStalledFreeClaims } from '../../functions/src/services/checkout/resumeStalled';
import { adminDb, eventually } from '../support/admin';
import { call, callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import { createRaffle, line } from '../support/raffles';

// An administrator's Add Tickets fulfils its reservation in the same request: a test makes that
// stop part-way, as the other tests here stop a customer's.
jest.mock('../../functions/src/services/checkout/fulfil', () => {
  const actual = jest.requireActual<typeof fulfil>('../../functions/src/services/checkout/fulfil');
  return { ...actual, fulfilReservation: jest.fn(actual.fulfilReservation) };
});
const { fulfilReservation } = fulfil;
const actualFulfilment = jest.requireActual<typeof fulfil>(
  '../../functions/src/services/checkout/fulfil',
).fulfilReservation;

jest.setTimeout(90_000);

const CARD = { method: 'Card' as const, cardFunding: 'unknown' as const };
const CREDIT = { method: 'Account Credit' as const };

/** A reservation of `quantities[i]` tickets in each of as many new raffles. */
async function reserve(buyer: Customer, quantities: number[]) {
  const raffleIds = await Promise.all(quantities.map(() => createRaffle({ maxTickets: 50 })));
  const { sessionId } = await callOk(
    'startCheckout',
    { items: raffleIds.map((raffleId, i) => line(raffleId, quantities[i]!)) },
    buyer,
  );
  return { raffleIds, sessionId };
}

async function ticketsOf(raffleId: string) {
  const tickets = await adminDb.collection('tickets').where('raffleId', '==', raffleId).get();
  return tickets.docs.map((doc) => doc.get('ticketNumber') as number).sort((a, b) => a - b);
}

/** The numbers step 1 issued to the reservation, per raffle (recorded on the session). */
async function issuedNumbers(sessionId: string, raffleId: string) {
  const issued = (await adminDb.doc(`checkoutSessions/${sessionId}`).get()).get(
    'issued',
  ) as IssuedRange[];
  return issued
    .filter((range) => range.raffleId === raffleId)
    .flatMap((range) => Array.from({ length: range.to - range.from + 1 }, (_, i) => range.from + i))
    .sort((a, b) => a - b);
}

async function expectCompleted(
  buyer: Customer,
  sessionId: string,
  raffleIds: string[],
  quantities: number[],
) {
  const session = await adminDb.doc(`checkoutSessions/${sessionId}`).get();
  expect(session.get('status')).toBe('fulfilled');
  const orders = await adminDb
    .collection('orders')
    .where('checkoutSessionId', '==', sessionId)
    .get();
  expect(orders.size).toBe(1);
  expect(orders.docs[0]!.get('paymentStatus')).toBe('paid');
  const items = orders.docs[0]!.get('items') as Array<{
    raffleId: string;
    ticketNumbers: number[];
  }>;

  for (const [i, raffleId] of raffleIds.entries()) {
    const quantity = quantities[i]!;
    const numbers = await ticketsOf(raffleId);
    const issued = await issuedNumbers(sessionId, raffleId);
    expect(numbers).toHaveLength(quantity);
    expect(new Set(numbers).size).toBe(quantity);
    expect(numbers).toEqual(issued);
    expect(items.find((item) => item.raffleId === raffleId)?.ticketNumbers).toEqual(issued);
    const entries = await adminDb.collection(entriesPath(raffleId)).get();
    expect(entries.docs.map((doc) => Number(doc.id)).sort((a, b) => a - b)).toEqual(issued);

    const shards = await adminDb.collection(shardsPath(raffleId)).get();
    expect(shards.docs.reduce((sum, s) => sum + (s.get('sold') as number), 0)).toBe(quantity);
    expect(shards.docs.every((s) => !s.get(`holds.${sessionId}`))).toBe(true);
    const holder = await adminDb.doc(`${holdersPath(raffleId)}/${buyer.uid}`).get();
    expect(holder.get('owned')).toBe(quantity);
    expect(holder.get(`holds.${sessionId}`)).toBeUndefined();
    // The raffle's public count is rolled up from the shards once the order is complete.
    await eventually(
      async () => {
        const raffle = await adminDb.doc(`raffles/${raffleId}`).get();
        return raffle.get('soldTickets') === quantity && raffle.get('reservedTickets') === 0
          ? true
          : null;
      },
      { what: `raffle ${raffleId} to count ${quantity} sold` },
    );
  }
}

describe('interrupted fulfilment', () => {
  it('completes on retry after crashing part-way through the tickets, twice', async () => {
    const buyer = await newCustomer('Irma', 'Interrupted');
    const quantities = [4, 3];
    const { raffleIds, sessionId } = await reserve(buyer, quantities);

    // Crashes after 3 of 7 tickets, then, on the first retry, after 5 (across both raffles).
    await expect(
      fulfilReservation(adminDb, sessionId, CARD, { failAfterTickets: 3 }),
    ).rejects.toThrow('Injected failure after 3 tickets');
    const session = await adminDb.doc(`checkoutSessions/${sessionId}`).get();
    expect(session.get('status')).toBe('fulfilling');
    expect((await ticketsOf(raffleIds[0]!)).length).toBe(3);
    expect((await ticketsOf(raffleIds[1]!)).length).toBe(0);
    expect((await adminDb.doc(`orders/${sessionId}`).get()).exists).toBe(false);
    const issuedFirst = await Promise.all(raffleIds.map((id) => issuedNumbers(sessionId, id)));

    await expect(
      fulfilReservation(adminDb, sessionId, CARD, { failAfterTickets: 5 }),
    ).rejects.toThrow('Injected failure after 5 tickets');
    expect((await ticketsOf(raffleIds[1]!)).length).toBe(1);

    const result = await fulfilReservation(adminDb, sessionId, CARD);
    // The retry did not issue new numbers: it finished writing the ones issued at first.
    expect(raffleIds.map((id) => result.ticketNumbers[id])).toEqual(issuedFirst);
    await expectCompleted(buyer, sessionId, raffleIds, quantities);

    // A late redelivery changes nothing.
    const again = await fulfilReservation(adminDb, sessionId, CARD);
    expect(again).toEqual(result);
    await expectCompleted(buyer, sessionId, raffleIds, quantities);
  });

  it('completes on retry after crashing between the last ticket and the order', async () => {
    const buyer = await newCustomer('Otto', 'Order');
    const quantities = [5];
    const { raffleIds, sessionId } = await reserve(buyer, quantities);
    await expect(
      fulfilReservation(adminDb, sessionId, CARD, { failAfterTickets: 5 }),
    ).rejects.toThrow('Injected failure after 5 tickets');
    expect((await ticketsOf(raffleIds[0]!)).length).toBe(5);
    expect((await adminDb.doc(`orders/${sessionId}`).get()).exists).toBe(false);

    await fulfilReservation(adminDb, sessionId, CARD);
    await expectCompleted(buyer, sessionId, raffleIds, quantities);
    const mail = await adminDb.doc(`mail/order-${sessionId}`).get();
    expect(mail.exists).toBe(true);
  });

  it('runs again by itself when a transaction fails for a moment, as a busy emulator’s do', async () => {
    const buyer = await newCustomer('Tessa', 'Transient');
    const quantities = [3];
    const { raffleIds, sessionId } = await reserve(buyer, quantities);
    // The first and third transactions (issuing the numbers, then writing the order) fail as the
    // Firestore emulator fails a transaction it gave up on under contention.
    const failing = new Set([1, 3]);
    let transactions = 0;
    const busyDb = new Proxy(adminDb, {
      get(target, property) {
        if (property === 'runTransaction') {
          return (...args: Parameters<Firestore['runTransaction']>) => {
            transactions += 1;
            if (failing.has(transactions)) {
              const details = 'Transaction is invalid or closed.';
              return Promise.reject(
                Object.assign(new Error(`3 INVALID_ARGUMENT: ${details}`), { code: 3, details }),
              );
            }
            return target.runTransaction(...args);
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
    const result = await fulfilReservation(busyDb, sessionId, CARD);
    expect(transactions).toBeGreaterThanOrEqual(4);
    expect(result.ticketNumbers[raffleIds[0]!]).toHaveLength(3);
    await expectCompleted(buyer, sessionId, raffleIds, quantities);
  });

  it('finishes a claim paid with account credit alone when the customer asks again, or else on the schedule', async () => {
    const quantities = [2];
    const claimed = async (name: string) => {
      const buyer = await newCustomer(name, 'Credit');
      await adminDb.doc(`users/${buyer.uid}`).update({ accountCredit: 1000 });
      const { raffleIds, sessionId } = await reserve(buyer, quantities);
      expect((await adminDb.doc(`checkoutSessions/${sessionId}`).get()).data()).toMatchObject({
        amount: 0,
        provider: 'free',
        creditApplied: 300,
      });
      // The claim stops after its numbers are issued and one ticket written: the credit is
      // spent, no order yet.
      await expect(
        fulfilReservation(adminDb, sessionId, CREDIT, { failAfterTickets: 1 }),
      ).rejects.toThrow('Injected failure after 1 tickets');
      return { buyer, raffleIds, sessionId };
    };

    const asked = await claimed('Ada');
    const answer = await callOk('claimFreeEntries', { sessionId: asked.sessionId }, asked.buyer);
    expect(answer.ticketNumbers[asked.raffleIds[0]!]).toHaveLength(2);
    await expectCompleted(asked.buyer, asked.sessionId, asked.raffleIds, quantities);
    expect(
      await call('claimFreeEntries', { sessionId: asked.sessionId }, asked.buyer),
    ).toMatchObject({ ok: false, message: CHECKOUT_MESSAGES.reservationDone });

    // A customer who never comes back: the schedule finishes it once its hold has run out.
    const gone = await claimed('Bo');
    const later = new Date(Date.now() + 60 * 60_000);
    expect(await resumeStalledFreeClaims(adminDb, later)).toBeGreaterThanOrEqual(1);
    await expectCompleted(gone.buyer, gone.sessionId, gone.raffleIds, quantities);
    const order = await adminDb
      .collection('orders')
      .where('checkoutSessionId', '==', gone.sessionId)
      .get();
    expect(order.docs[0]!.data()).toMatchObject({
      paymentMethod: 'Account Credit',
      creditApplied: 300,
    });
  });

  it('finishes an administrator’s Add Tickets that stopped part-way, on the schedule, once', async () => {
    const [buyer, admin] = await Promise.all([newCustomer('Ida', 'Added'), newAdmin()]);
    const raffleId = await createRaffle({ maxTickets: 50 });
    (fulfilReservation as jest.Mock).mockImplementationOnce(
      (db: Firestore, sessionId: string, payment: fulfil.Payment) =>
        actualFulfilment(db, sessionId, payment, { failAfterTickets: 1 }),
    );
    const logged = jest.spyOn(logger, 'error');
    expect(
      await call(
        'addTicketsForUser',
        { userId: buyer.uid, raffleId, quantity: 2, minNumber: null },
        admin,
      ),
    ).toEqual({
      ok: false,
      status: 'INTERNAL',
      message: 'Something went wrong. Please try again.',
    });
    // The log says what went wrong (an Error written as a field came out as `{}`); the
    // administrator's answer does not.
    expect(JSON.stringify(logged.mock.calls)).toContain('Injected failure after 1 tickets');
    logged.mockRestore();
    const [stalled] = (
      await adminDb.collection('checkoutSessions').where('userId', '==', buyer.uid).get()
    ).docs;
    expect(stalled!.get('status')).toBe('fulfilling');
    // Before, the schedule left an administrator's entry alone: it stayed part-way for good,
    // and the raffle's draw and the customer's account deletion waited for it.
    expect(await resumeStalledFreeClaims(adminDb, new Date())).toBe(0);
    const later = new Date(Date.now() + 60 * 60_000);
    expect(await resumeStalledFreeClaims(adminDb, later)).toBeGreaterThanOrEqual(1);
    expect(await resumeStalledFreeClaims(adminDb, later)).toBe(0);
    const session = await adminDb.doc(`checkoutSessions/${stalled!.id}`).get();
    expect(session.get('status')).toBe('fulfilled');
    expect(await ticketsOf(raffleId)).toEqual(await issuedNumbers(stalled!.id, raffleId));
    expect(await ticketsOf(raffleId)).toHaveLength(2);
    const orders = await adminDb
      .collection('orders')
      .where('checkoutSessionId', '==', stalled!.id)
      .get();
    expect(orders.docs.map((order) => order.get('paymentMethod'))).toEqual(['manual_entry']);
  });

  it('keeps an administrator from moving or deleting a ticket until its order is written', async () => {
    const [buyer, admin] = await Promise.all([newCustomer('Hal', 'Halfway'), newAdmin()]);
    const quantities = [4];
    const { raffleIds, sessionId } = await reserve(buyer, quantities);
    const raffleId = raffleIds[0]!;
    await expect(
      fulfilReservation(adminDb, sessionId, CARD, { failAfterTickets: 2 }),
    ).rejects.toThrow('Injected failure after 2 tickets');
    const [first] = await ticketsOf(raffleId);
    const written = ticketId(raffleId, first!);
    const issuedFirst = await issuedNumbers(sessionId, raffleId);
    const free = Array.from({ length: 50 }, (_, i) => i + 1).find((n) => !issuedFirst.includes(n))!;
    const refused = {
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: TICKET_ADMIN_MESSAGES.orderInProgress,
    };
    // A deletion would give its number back to the pool, a move would free it; either way the
    // run that completes the payment writes the ticket again under that number.
    expect(await call('deleteTicket', { ticketId: written }, admin)).toMatchObject(refused);
    expect(
      await call(
        'updateTicket',
        { ticketId: written, ticketNumber: free, purchaseDate: new Date().toISOString() },
        admin,
      ),
    ).toMatchObject(refused);

    await fulfilReservation(adminDb, sessionId, CARD);
    await expectCompleted(buyer, sessionId, raffleIds, quantities);
    // Once the order is written, both work as usual: the move goes through, and the deletion
    // gets the answer any paid ticket gets (refund it instead).
    await callOk(
      'updateTicket',
      { ticketId: written, ticketNumber: free, purchaseDate: new Date().toISOString() },
      admin,
    );
    expect(await ticketsOf(raffleId)).toEqual(
      [...issuedFirst.filter((n) => n !== first), free].sort((a, b) => a - b),
    );
    expect(await call('deleteTicket', { ticketId: ticketId(raffleId, free) }, admin)).toMatchObject(
      {
        ok: false,
        message: TICKET_ADMIN_MESSAGES.paidRefused,
      },
    );
  });
});
