/**
 * A play break or a ban that starts while one of the customer's checkouts is being reserved:
 * the reservation's checks passed a moment before, its commit comes a moment after. The stop
 * moves the customer's checkout lock, so that commit fails, the checks run again and refuse.
 * The interleaving is forced by running the stop right after the reservation's own check passes
 * (the check before the shopper's open checkouts are replaced comes earlier). The same
 * for the entries an administrator makes for the customer (manual entry, a postcard, Add
 * tickets).
 */
import {
  ACCESS_MESSAGES,
  CHECKOUT_MESSAGES,
  checkoutSessionsCollection,
  MANUAL_ENTRY_MESSAGES,
  POSTAL_MESSAGES,
  PROTECTION_MESSAGES,
  checkoutLocksCollection,
  protectionPath,
  userPath,
} from '@rafflewin/domain';
import * as protection from '../../functions/src/services/protection/protection';
import * as selfExclusion from '../../functions/src/services/protection/selfExclusion';
import { fulfilReservation } from '../../functions/src/services/checkout/fulfil';
import { adminDb } from '../support/admin';
import { call, callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import { createRaffle, line, postcard, ticketsOf } from '../support/raffles';

jest.mock('../../functions/src/services/protection/protection', () => {
  const actual = jest.requireActual<typeof protection>(
    '../../functions/src/services/protection/protection',
  );
  return {
    ...actual,
    checkPlayerProtection: jest.fn(actual.checkPlayerProtection),
    entryBar: jest.fn(actual.entryBar),
    pastLimit: jest.fn(actual.pastLimit),
  };
});

// Keeping a break against the address is the break's step after its own: a test makes it fail.
jest.mock('../../functions/src/services/protection/selfExclusion', () => {
  const actual = jest.requireActual<typeof selfExclusion>(
    '../../functions/src/services/protection/selfExclusion',
  );
  return { ...actual, carryControlsPastDeletion: jest.fn(actual.carryControlsPastDeletion) };
});

jest.setTimeout(120_000);

const CARD = { method: 'Card' as const, cardFunding: 'debit' as const };

const checkPlayerProtection = protection.checkPlayerProtection as jest.MockedFunction<
  typeof protection.checkPlayerProtection
>;
const entryBar = protection.entryBar as jest.MockedFunction<typeof protection.entryBar>;
const pastLimit = protection.pastLimit as jest.MockedFunction<typeof protection.pastLimit>;
const {
  checkPlayerProtection: realCheck,
  entryBar: realBar,
  pastLimit: realPastLimit,
} = jest.requireActual<typeof protection>('../../functions/src/services/protection/protection');

/**
 * The next checkout's checks: the one before it replaces the shopper's open checkouts (given
 * what it replaces) as it is, then the reservation's own, passing, after which `then` runs,
 * before the reservation commits.
 */
function onReservationCheck(then: () => Promise<unknown>, check = realCheck) {
  checkPlayerProtection
    .mockImplementationOnce(async (...args) => {
      expect(args[4]).toBeInstanceOf(Function);
      return check(...args);
    })
    .mockImplementationOnce(async (...args) => {
      expect(args[4]).toBeUndefined();
      const passed = await check(...args);
      await then();
      return passed;
    });
}

/**
 * The account's checks of the next administrator's entry: the first `passing` of them pass as
 * they would, and `stop` runs right after the last of those.
 */
function stopAfterEntryChecks(passing: number, stop: () => Promise<unknown>) {
  for (let check = 1; check <= passing; check += 1) {
    entryBar.mockImplementationOnce(async (...args) => {
      const bar = await realBar(...args);
      if (check === passing) await stop();
      return bar;
    });
  }
}

const openCheckouts = async (uid: string) =>
  (
    await adminDb
      .collection(checkoutSessionsCollection)
      .where('userId', '==', uid)
      .where('status', '==', 'pending')
      .get()
  ).size;

let admin: Customer;
let free: string;
let paid: string;

beforeAll(async () => {
  [admin, free, paid] = await Promise.all([
    newAdmin(),
    createRaffle({ category: 'free', ticketPrice: 0, maxTicketsPerUser: 1 }),
    createRaffle({ ticketPrice: 150 }),
  ]);
});

describe('an administrator’s save while a checkout is being reserved', () => {
  // The raffles are read before the reservation, whose commit touches only the pool and the
  // customer's holdings: a save between the two went unseen, and its terms did not apply.
  it('a lower maximum per person saved meanwhile is the one the checkout keeps to', async () => {
    const [raffleId, customer] = await Promise.all([
      createRaffle({ ticketPrice: 150, maxTicketsPerUser: 10 }),
      newCustomer('Max', 'Lowered'),
    ]);
    onReservationCheck(() => adminDb.doc(`raffles/${raffleId}`).update({ maxTicketsPerUser: 3 }));
    expect(await call('startCheckout', { items: [line(raffleId, 10)] }, customer)).toMatchObject({
      ok: false,
      message: CHECKOUT_MESSAGES.perUserMax(3),
    });
    expect(await openCheckouts(customer.uid)).toBe(0);
    // Within the new maximum, the checkout goes ahead.
    expect((await call('startCheckout', { items: [line(raffleId, 3)] }, customer)).ok).toBe(true);
  });

  it('a price changed meanwhile is the price charged', async () => {
    const [raffleId, customer] = await Promise.all([
      createRaffle({ ticketPrice: 150 }),
      newCustomer('Price', 'Changed'),
    ]);
    onReservationCheck(() => adminDb.doc(`raffles/${raffleId}`).update({ ticketPrice: 250 }));
    const started = await callOk('startCheckout', { items: [line(raffleId, 2)] }, customer);
    expect(started.amount).toBe(500);
    expect(await openCheckouts(customer.uid)).toBe(1);
  });
});

describe('a stop that starts while a checkout is being reserved', () => {
  it('a play break refuses the free entry being reserved: nothing is left to claim', async () => {
    const customer = await newCustomer('Mid', 'Break');
    onReservationCheck(() => callOk('startPlayBreak', { period: '7d' }, customer));
    const answer = await call('startCheckout', { items: [line(free, 1)] }, customer);
    expect(answer).toMatchObject({ ok: false, details: { reason: 'play-break' } });
    expect(await openCheckouts(customer.uid)).toBe(0);
  });

  it('a play break refuses the paid checkout being reserved: no payment page is handed out', async () => {
    const customer = await newCustomer('Paid', 'Break');
    onReservationCheck(() => callOk('startPlayBreak', { period: 'permanent' }, customer));
    const answer = await call('startCheckout', { items: [line(paid, 2)] }, customer);
    expect(answer).toMatchObject({ ok: false, message: PROTECTION_MESSAGES.onPermanentBreak });
    expect(await openCheckouts(customer.uid)).toBe(0);
  });

  it('a ban refuses the checkout being reserved', async () => {
    const customer = await newCustomer('Mid', 'Ban');
    onReservationCheck(() =>
      callOk('setUserBanned', { uid: customer.uid, banned: true, reason: 'Fraud' }, admin),
    );
    const answer = await call('startCheckout', { items: [line(paid, 2)] }, customer);
    expect(answer).toMatchObject({ ok: false, message: ACCESS_MESSAGES.banned });
    expect(await openCheckouts(customer.uid)).toBe(0);
  });
});

describe('another tab’s checkout while a paid one completes', () => {
  it('counts the order written between its limit check and its reservation', async () => {
    const customer = await newCustomer('Two', 'Tabs');
    await callOk('setSpendLimit', { monthlyLimit: 300 }, customer);
    const first = await callOk('startCheckout', { items: [line(paid, 2)] }, customer);
    // Paid: the webhook's fulfilment has issued its numbers, its order not yet written.
    await expect(
      fulfilReservation(adminDb, first.sessionId, CARD, { failAfterTickets: 1 }),
    ).rejects.toThrow('Injected failure');
    // The other tab's limit checks miss it (as when the order's commit lands between a
    // check's two reads: open checkouts, then orders), and the order is written before the
    // reservation commits. Its commit fails on the moved lock; checked again, the order counts.
    onReservationCheck(
      () => fulfilReservation(adminDb, first.sessionId, CARD),
      async () => ({ creditCardAllowance: null }),
    );
    expect(await call('startCheckout', { items: [line(paid, 1)] }, customer)).toMatchObject({
      ok: false,
      message: PROTECTION_MESSAGES.overLimit(300, 0),
    });
    expect(await openCheckouts(customer.uid)).toBe(0);
  });
});

describe('a stop committed while a free claim is being made', () => {
  it('a lower limit whose release had not run yet refuses the credit claim: no entry, the credit back', async () => {
    const customer = await newCustomer('Claim', 'Stopped', { spendLimitChosen: false });
    await callOk('setSpendLimit', { monthlyLimit: 10_000 }, customer);
    await adminDb.doc(userPath(customer.uid)).update({ accountCredit: 3000 });
    const started = await callOk('startCheckout', { items: [line(paid, 2)] }, customer);
    expect(started).toMatchObject({ amount: 0, provider: 'free' });
    // Right after the claim's checks pass, the stop's own transaction lands (the limit lowered
    // and the checkout lock moved, as setSpendLimit does); its release of the open checkouts
    // has not run yet, so nothing but the lock tells the claim.
    pastLimit.mockImplementationOnce(async (...args) => {
      const passed = await realPastLimit(...args);
      await adminDb.runTransaction(async (tx) => {
        tx.update(adminDb.doc(protectionPath(customer.uid)), { monthlyLimit: 0 });
        tx.set(adminDb.doc(`${checkoutLocksCollection}/${customer.uid}`), {
          lastReservation: null,
          at: new Date(),
        });
      });
      return passed;
    });
    expect(
      await call('claimFreeEntries', { sessionId: started.sessionId }, customer),
    ).toMatchObject({ ok: false, details: { reason: 'spend-limit' } });
    expect(await ticketsOf(customer.uid, paid)).toBe(0);
    const session = await adminDb.doc(`${checkoutSessionsCollection}/${started.sessionId}`).get();
    expect(session.get('status')).toBe('cancelled');
    expect((await adminDb.doc(userPath(customer.uid)).get()).get('accountCredit')).toBe(3000);
  });
});

describe('a play break’s own steps', () => {
  it('closes the open checkouts first, so a later step failing leaves none payable', async () => {
    const [customer, raffleId] = await Promise.all([newCustomer('Open', 'Page'), createRaffle()]);
    const started = await callOk('startCheckout', { items: [line(raffleId, 2)] }, customer);
    (selfExclusion.carryControlsPastDeletion as jest.Mock).mockRejectedValueOnce(
      new Error('Injected failure'),
    );
    expect((await call('startPlayBreak', { period: '7d' }, customer)).ok).toBe(false);
    const session = await adminDb.doc(`${checkoutSessionsCollection}/${started.sessionId}`).get();
    expect(session.get('status')).toBe('cancelled');
    // The shopper back from the closed page is told why, not "Payment cancelled".
    expect(await callOk('cancelCheckout', { sessionId: started.sessionId }, customer)).toEqual({
      status: 'cancelled',
      releasedFor: 'playBreak',
    });
  });
});

describe('a stop that starts while an administrator enters tickets for the customer', () => {
  const orders = async (uid: string) =>
    (await adminDb.collection('orders').where('userId', '==', uid).get()).size;

  // The manual entry's own check passes, then its reservation's check after the lock is read.
  it('a ban refuses the manual entry being reserved: no order, no tickets', async () => {
    const customer = await newCustomer('Manual', 'Ban');
    stopAfterEntryChecks(2, () =>
      callOk('setUserBanned', { uid: customer.uid, banned: true, reason: 'Fraud' }, admin),
    );
    const answer = await call(
      'createManualEntry',
      { userId: customer.uid, raffleId: paid, quantity: 2 },
      admin,
    );
    expect(answer).toMatchObject({ ok: false, message: MANUAL_ENTRY_MESSAGES.userBanned });
    expect(await ticketsOf(customer.uid, paid)).toBe(0);
    expect(await orders(customer.uid)).toBe(0);
    expect(await openCheckouts(customer.uid)).toBe(0);
  });

  it('a play break refuses the postcard being entered: the card is kept, refused', async () => {
    const customer = await newCustomer('Postcard', 'Break');
    stopAfterEntryChecks(2, () => callOk('startPlayBreak', { period: '7d' }, customer));
    const answer = await callOk('recordPostalEntry', postcard(paid, customer.email), admin);
    expect(answer).toMatchObject({ outcome: 'refused', message: POSTAL_MESSAGES.onBreak });
    expect(await ticketsOf(customer.uid, paid)).toBe(0);
    expect(await orders(customer.uid)).toBe(0);
  });

  // Add tickets picks numbers in one transaction, which reads the account again.
  it('a play break refuses the tickets being added by number', async () => {
    const customer = await newCustomer('Added', 'Break');
    stopAfterEntryChecks(1, () => callOk('startPlayBreak', { period: 'permanent' }, customer));
    const answer = await call(
      'addTicketsForUser',
      { userId: customer.uid, raffleId: paid, quantity: 2, minNumber: 5 },
      admin,
    );
    expect(answer).toMatchObject({ ok: false, message: MANUAL_ENTRY_MESSAGES.userOnBreak });
    expect(await ticketsOf(customer.uid, paid)).toBe(0);
    expect(await orders(customer.uid)).toBe(0);
  });
});
