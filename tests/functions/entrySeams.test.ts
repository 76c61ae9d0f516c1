/**
 * The seams of the free and instant routes to entries and money: a free claim made after its
 * reservation (the raffle switched off or closed, the customer found to be under 18 meanwhile),
 * postcards for a raffle not open yet, for a free giveaway after its close, or typed in while
 * the draw closes the pool, the payout of an instant prize that has no cash alternative,
 * instant prizes saved while a raffle's first checkout is being reserved, a checkout reserved
 * just as a cancellation or the draw closes the pool, and a reservation that fails once written.
 */
import {
  CHECKOUT_MESSAGES,
  INSTANT_WIN_MESSAGES,
  POSTAL_MESSAGES,
  PROTECTION_MESSAGES,
  instantWinId,
  rafflePath,
  shardsPath,
  userPath,
} from '@rafflewin/domain';
import { loadCheckoutRaffles } from '../../functions/src/services/checkout/loadCheckoutRaffles';
import { reserveTickets } from '../../functions/src/services/checkout/reserve';
import { adminDb } from '../support/admin';
import { call, callOk, creditOf, newCustomer, type Customer } from '../support/customers';
import {
  adminWithPostalAddress,
  closedRaffleWithTickets,
  createRaffle,
  line,
  postcard,
  ticketsOf,
} from '../support/raffles';

jest.setTimeout(120_000);

const HOUR = 3_600_000;
let admin: Customer;

beforeAll(async () => {
  admin = await adminWithPostalAddress();
});

const freeRaffle = (overrides = {}) =>
  createRaffle({ category: 'free', ticketPrice: 0, maxTicketsPerUser: 1, ...overrides });

const sessionStatus = async (sessionId: string) =>
  (await adminDb.doc(`checkoutSessions/${sessionId}`).get()).get('status') as string;

describe('a free claim made after its reservation', () => {
  it('is refused once the raffle is switched off, and the hold and the credit it took come back', async () => {
    const [giveaway, paid, customer] = await Promise.all([
      freeRaffle(),
      createRaffle({ ticketPrice: 200 }),
      newCustomer('Late', 'Claimer'),
    ]);
    await adminDb.doc(userPath(customer.uid)).update({ accountCredit: 200 });
    const started = await callOk(
      'startCheckout',
      { items: [{ raffleId: giveaway, quantity: 1 }, line(paid, 1)] },
      customer,
    );
    expect(started).toMatchObject({ amount: 0, provider: 'free' });
    // Switched off with its release not run yet (setRaffleActive releases the checkouts holding
    // its tickets: stopsWithCheckoutOpen.test.ts): the claim checks on its own.
    await adminDb.doc(`raffles/${giveaway}`).update({ active: false });

    expect(
      await call('claimFreeEntries', { sessionId: started.sessionId }, customer),
    ).toMatchObject({
      ok: false,
      status: 'NOT_FOUND',
      message: CHECKOUT_MESSAGES.raffleNotFound,
      details: { reason: 'raffle-unavailable', raffleId: giveaway },
    });
    expect(await ticketsOf(customer.uid, giveaway)).toBe(0);
    expect(await ticketsOf(customer.uid, paid)).toBe(0);
    expect(await sessionStatus(started.sessionId)).toBe('cancelled');
    expect(await creditOf(customer.uid)).toBe(200);
  });

  it('is refused once the raffle has closed', async () => {
    const [giveaway, customer] = await Promise.all([freeRaffle(), newCustomer()]);
    const started = await callOk(
      'startCheckout',
      { items: [{ raffleId: giveaway, quantity: 1 }] },
      customer,
    );
    // Its end date brought forward (the administrator's edit, or simply the clock).
    await adminDb.doc(rafflePath(giveaway)).update({ endDate: new Date(Date.now() - 1000) });
    expect(
      await call('claimFreeEntries', { sessionId: started.sessionId }, customer),
    ).toMatchObject({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: CHECKOUT_MESSAGES.ended,
    });
    expect(await ticketsOf(customer.uid, giveaway)).toBe(0);
  });

  it('is refused to a customer whose date of birth on record turned out to be under 18', async () => {
    const [giveaway, customer] = await Promise.all([freeRaffle(), newCustomer('Young', 'Entrant')]);
    const started = await callOk(
      'startCheckout',
      { items: [{ raffleId: giveaway, quantity: 1 }] },
      customer,
    );
    // Support records the true date of birth while the reservation is open.
    const year = new Date().getFullYear() - 15;
    await adminDb.doc(userPath(customer.uid)).update({ dateOfBirth: `${year}-06-15` });
    expect(
      await call('claimFreeEntries', { sessionId: started.sessionId }, customer),
    ).toMatchObject({
      ok: false,
      message: PROTECTION_MESSAGES.underAge,
      details: { reason: 'under-age' },
    });
    expect(await ticketsOf(customer.uid, giveaway)).toBe(0);
    expect(await sessionStatus(started.sessionId)).toBe('cancelled');
  });
});

describe('postcards at the edges of a raffle’s life', () => {
  it('refuses a card that arrived before the raffle opened, and enters none', async () => {
    const customer = await newCustomer('Early', 'Sender');
    const upcoming = await createRaffle({
      startDate: new Date(Date.now() + 24 * HOUR),
      endDate: new Date(Date.now() + 20 * 24 * HOUR),
    });
    const result = await callOk('recordPostalEntry', postcard(upcoming, customer.email), admin);
    expect(result).toMatchObject({
      outcome: 'refused',
      ticketNumber: null,
      message: POSTAL_MESSAGES.beforeOpening,
    });
    expect(await ticketsOf(customer.uid, upcoming)).toBe(0);
  });

  it('gives no “credit of £0.00” for a late card to a free giveaway: it says why', async () => {
    const customer = await newCustomer('Free', 'Late');
    const ended = await freeRaffle({
      startDate: new Date(Date.now() - 10 * 24 * HOUR),
      endDate: new Date(Date.now() - 5 * HOUR),
    });
    const result = await callOk(
      'recordPostalEntry',
      postcard(ended, customer.email, { answer: null }),
      admin,
    );
    expect(result).toMatchObject({
      outcome: 'refused',
      creditPence: null,
      message: POSTAL_MESSAGES.lateFreeGiveaway,
    });
    expect(await creditOf(customer.uid)).toBe(0);
  });

  it('credits an on-time card whose raffle the draw closed while it was being entered', async () => {
    const [customer, other] = await Promise.all([newCustomer('Punctual', 'Sender'), newCustomer()]);
    const raffleId = await closedRaffleWithTickets([other], { ticketPrice: 250 });
    // The draw closes the pool in the transaction that records it: this is the pool as the
    // postcard's reservation finds it when the draw committed just after the raffle was read.
    const shards = await adminDb.collection(shardsPath(raffleId)).get();
    await Promise.all(shards.docs.map((shard) => shard.ref.update({ closed: true })));

    const receivedAt = new Date(Date.now() - 3 * HOUR).toISOString();
    const result = await callOk(
      'recordPostalEntry',
      postcard(raffleId, customer.email, { receivedAt }),
      admin,
    );
    expect(result).toMatchObject({
      outcome: 'credit',
      creditPence: 250,
      message: POSTAL_MESSAGES.creditAfterDraw(250),
    });
    expect(await creditOf(customer.uid)).toBe(250);
    expect(await ticketsOf(customer.uid, raffleId)).toBe(0);
    // The reservation made for it holds nothing.
    const open = await adminDb
      .collection('checkoutSessions')
      .where('userId', '==', customer.uid)
      .where('status', '==', 'pending')
      .get();
    expect(open.size).toBe(0);
  });
});

describe('an instant prize without a cash alternative', () => {
  it('is taken as the prize: cash or site credit is refused and leaves the choice open', async () => {
    const [raffleId, entrant] = await Promise.all([
      freeRaffle({ maxTickets: 1, active: false }),
      newCustomer('Prize', 'Only'),
      createRaffle(),
    ]);
    await callOk(
      'saveInstantPrizes',
      { raffleId, prizes: [{ ticketNumber: 1, name: 'Signed football', cashAlternative: 0 }] },
      admin,
    );
    await adminDb.doc(rafflePath(raffleId)).update({ active: true });
    const started = await callOk('startCheckout', { items: [{ raffleId, quantity: 1 }] }, entrant);
    await callOk('claimFreeEntries', { sessionId: started.sessionId }, entrant);
    const winId = instantWinId(raffleId, 1);

    for (const payout of ['cash', 'credit'] as const) {
      expect(await call('chooseInstantWinPayout', { winId, payout }, entrant)).toMatchObject({
        ok: false,
        status: 'FAILED_PRECONDITION',
        message: INSTANT_WIN_MESSAGES.noCashAlternative,
      });
    }
    expect((await adminDb.doc(`instantWins/${winId}`).get()).get('payout')).toBeNull();
    expect(await callOk('chooseInstantWinPayout', { winId, payout: 'prize' }, entrant)).toEqual({
      message: INSTANT_WIN_MESSAGES.chosen('prize'),
    });
  });
});

describe('instant prizes saved as a raffle’s first checkout is reserved', () => {
  it('leave that checkout payable by debit card only', async () => {
    // The checkout read the raffle without prizes; the administrator's save read the pool
    // before the checkout's hold was in it, so neither refused the other.
    const [raffleId, buyer] = await Promise.all([
      createRaffle({ ticketPrice: 300 }),
      newCustomer('Deb', 'Itonly'),
      createRaffle(),
      createRaffle(),
    ]);
    const now = new Date();
    const lines = await loadCheckoutRaffles(adminDb, [line(raffleId, 1)], buyer.uid, now);
    await callOk(
      'saveInstantPrizes',
      { raffleId, prizes: [{ ticketNumber: 2, name: 'Gift card', cashAlternative: 2000 }] },
      admin,
    );
    const reservation = await reserveTickets(adminDb, buyer.uid, lines, now);
    const session = await adminDb.doc(`checkoutSessions/${reservation.sessionId}`).get();
    expect({
      allowance: reservation.creditCardAllowance,
      debitOnly: session.get('debitOnly') as boolean,
      recorded: session.get('creditCardAllowance') as number,
    }).toEqual({ allowance: 0, debitOnly: true, recorded: 0 });
  });
});

describe('a checkout reserved as a cancellation or the draw closes the pool', () => {
  it.each([
    ['by count', false, (raffleId: string) => line(raffleId, 2)],
    ['by picked numbers', true, (raffleId: string) => ({ ...line(raffleId, 2), numbers: [7] })],
  ])(
    'is refused, %s, with nothing held and no page to pay',
    async (_how, numberPicking, lineOf) => {
      const [raffleId, first, buyer] = await Promise.all([
        createRaffle({ numberPicking }),
        newCustomer('First', 'Buyer'),
        newCustomer('Late', 'Buyer'),
      ]);
      // The pool exists (a first checkout made it, holding number 1) and the buyer's checkout
      // has read the raffle while it was on sale.
      const opening = numberPicking ? { ...line(raffleId, 1), numbers: [1] } : line(raffleId, 1);
      await callOk('startCheckout', { items: [opening] }, first);
      const now = new Date();
      const lines = await loadCheckoutRaffles(adminDb, [lineOf(raffleId)], buyer.uid, now);
      // The cancellation (or the draw) marks the raffle, then closes the pool.
      await adminDb.doc(rafflePath(raffleId)).update({ drawStatus: 'cancelled', active: false });
      const shards = await adminDb.collection(shardsPath(raffleId)).get();
      await Promise.all(shards.docs.map((shard) => shard.ref.update({ closed: true })));

      await expect(reserveTickets(adminDb, buyer.uid, lines, now)).rejects.toMatchObject({
        message: CHECKOUT_MESSAGES.ended,
        reason: 'raffle-closed',
      });
      const open = await adminDb
        .collection('checkoutSessions')
        .where('userId', '==', buyer.uid)
        .get();
      expect(open.size).toBe(0);
      const held = await adminDb.collection(shardsPath(raffleId)).get();
      expect(held.docs.flatMap((shard) => Object.keys(shard.get('holds') ?? {}))).toHaveLength(1);
    },
  );
});

describe('a reservation that fails once it is written', () => {
  it('is let go at once: its tickets are not held until the expiry job', async () => {
    const [raffleId, buyer] = await Promise.all([
      createRaffle({ ticketPrice: 300 }),
      newCustomer('Brief', 'Hold'),
    ]);
    const now = new Date();
    const lines = await loadCheckoutRaffles(adminDb, [line(raffleId, 2)], buyer.uid, now);
    // The read of the raffles themselves (not their holders), made once the reservation is
    // committed, fails.
    const isRaffle = (path: string) => /^raffles\/[^/]+$/.test(path);
    const failing = new Proxy(adminDb, {
      get(target, property) {
        if (property === 'getAll') {
          return (...refs: Array<{ path: string }>) =>
            refs.every((ref) => isRaffle(ref.path))
              ? Promise.reject(new Error('Injected read failure'))
              : target.getAll(...(refs as Parameters<typeof target.getAll>));
        }
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
    await expect(reserveTickets(failing, buyer.uid, lines, now)).rejects.toThrow(
      'Injected read failure',
    );
    const sessions = await adminDb
      .collection('checkoutSessions')
      .where('userId', '==', buyer.uid)
      .get();
    expect(sessions.docs.map((session) => session.get('status') as string)).toEqual(['cancelled']);
    const shards = await adminDb.collection(shardsPath(raffleId)).get();
    expect(shards.docs.flatMap((shard) => Object.keys(shard.get('holds') ?? {}))).toEqual([]);
  });
});
