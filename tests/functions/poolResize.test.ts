/**
 * An administrator changing a raffle's maximum while it is on sale. The pool is a set of
 * contiguous shards; a new maximum cuts unsold, unheld room off the top shards, or fills room
 * an earlier cut took before adding shards above the highest number. A picked number held by an
 * open checkout and an instant prize's number must survive either.
 */
import {
  INSTANT_WIN_MESSAGES,
  RAFFLE_MESSAGES,
  rafflePath,
  type InstantPrize,
} from '@rafflewin/domain';
import { adminDb } from '../support/admin';
import { call, callOk, newCustomer, type Customer } from '../support/customers';
import { adminWithPostalAddress, createRaffle, line, raffleForm } from '../support/raffles';
import {
  CARDS,
  payOnStripe,
  postSigned,
  signedEvents,
  stripeSessionOf,
} from '../support/stripeDouble';

jest.setTimeout(180_000);

let admin: Customer;

beforeAll(async () => {
  admin = await adminWithPostalAddress();
});

describe('a smaller maximum while a picked number is held', () => {
  it('still issues the number a paying customer picked and held', async () => {
    const raffleId = await createRaffle({
      numberPicking: true,
      maxTickets: 100,
    });
    const buyer = await newCustomer('Picker');
    // The buyer picks number 100 and goes to Stripe's page.
    const started = await callOk(
      'startCheckout',
      { items: [{ ...line(raffleId, 1), numbers: [100] }] },
      buyer,
    );
    // Meanwhile the administrator lowers the maximum to 50 (one ticket is held: allowed).
    await call(
      'saveRaffle',
      await raffleForm(raffleId, { maxTickets: 50, numberPicking: true }),
      admin,
    );

    // The buyer pays within the hold.
    const page = stripeSessionOf(started.checkoutUrl);
    const paid = await payOnStripe(page, { number: CARDS.credit });
    expect(paid).not.toHaveProperty('error');
    const statuses: number[] = [];
    for (const event of await signedEvents(page, 'checkout.session.completed')) {
      statuses.push(await postSigned(event));
    }
    // The payment is honoured: the webhook succeeds and the order holds number 100.
    expect(statuses).toEqual([200]);
    const order = await adminDb.doc(`orders/${started.sessionId}`).get();
    expect(order.exists).toBe(true);
    expect(order.get('items')[0].ticketNumbers).toEqual([100]);
  });
});

describe('instant prizes and a new maximum', () => {
  const PRIZE: InstantPrize = { ticketNumber: 60, name: 'Headphones', cashAlternative: 12000 };

  it('refuses a maximum that would take an instant prize’s number off sale', async () => {
    const [raffleId] = await Promise.all([
      createRaffle({ maxTickets: 100, maxTicketsPerUser: 60, active: false }),
      createRaffle(),
      createRaffle(),
    ]);
    await callOk('saveInstantPrizes', { raffleId, prizes: [PRIZE] }, admin);
    await adminDb.doc(rafflePath(raffleId)).update({ active: true });
    const customer = await newCustomer('Entrant');
    // One ticket sold high up the pool (an administrator's add, so the number is known; a
    // checkout's random shard does the same): a maximum of 60 would keep 95 and cut 56 to 90.
    await callOk(
      'addTicketsForUser',
      { userId: customer.uid, raffleId, quantity: 1, minNumber: 95 },
      admin,
    );
    expect(
      await call(
        'saveRaffle',
        await raffleForm(raffleId, { maxTickets: 60, maxTicketsPerUser: 60 }),
        admin,
      ),
    ).toMatchObject({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: RAFFLE_MESSAGES.prizeNumberCut(PRIZE.ticketNumber),
    });
    expect((await adminDb.doc(rafflePath(raffleId)).get()).get('maxTickets')).toBe(100);
  });

  it('numbers a raffle 1 to its maximum after the maximum is lowered and raised again (a typo corrected), so a prize set afterwards can be won', async () => {
    const [raffleId] = await Promise.all([
      createRaffle({ maxTickets: 100, maxTicketsPerUser: 100, active: false }),
      createRaffle(),
      createRaffle(),
    ]);
    // The pool exists (as for any raffle made in the console); 100 → 60 → 100, no sales.
    await callOk('saveRaffle', await raffleForm(raffleId, { maxTicketsPerUser: 100 }), admin);
    await callOk(
      'saveRaffle',
      await raffleForm(raffleId, { maxTickets: 60, maxTicketsPerUser: 60 }),
      admin,
    );
    await callOk(
      'saveRaffle',
      await raffleForm(raffleId, { maxTickets: 100, maxTicketsPerUser: 100 }),
      admin,
    );
    const prize: InstantPrize = { ticketNumber: 75, name: 'Voucher', cashAlternative: 2000 };
    await callOk('saveInstantPrizes', { raffleId, prizes: [prize] }, admin);
    await adminDb.doc(rafflePath(raffleId)).update({ active: true });

    const customer = await newCustomer('Entrant');
    const all = await callOk(
      'createManualEntry',
      { userId: customer.uid, raffleId, quantity: 100 },
      admin,
    );
    const numbers = all.ticketNumbers[raffleId] ?? [];
    expect(numbers).toHaveLength(100);
    // A raffle of 100 tickets is numbered 1 to 100, and the prize on 75 is won.
    expect(Math.max(...numbers)).toBe(100);
    expect(numbers).toContain(prize.ticketNumber);
  });
});

describe('instant prizes after a smaller maximum left a gap', () => {
  it('refuses a prize on a number that is not on sale', async () => {
    const [raffleId, customer] = await Promise.all([
      createRaffle({ maxTickets: 100, maxTicketsPerUser: 100 }),
      newCustomer('Entrant'),
      createRaffle(),
      createRaffle(),
    ]);
    await callOk('saveRaffle', await raffleForm(raffleId, { maxTicketsPerUser: 100 }), admin);
    // A ticket on 95 keeps its shard when the maximum comes down to 60: the room cut off below
    // it leaves numbers up to 60 that no shard sells.
    const added = await callOk(
      'addTicketsForUser',
      { userId: customer.uid, raffleId, quantity: 1, minNumber: 95 },
      admin,
    );
    await callOk(
      'saveRaffle',
      await raffleForm(raffleId, { maxTickets: 60, maxTicketsPerUser: 60 }),
      admin,
    );
    // The ticket goes again (a £0 entry may be deleted), so prizes may be set.
    await callOk('deleteOrder', { orderId: added.orderId }, admin);
    const shards = (await adminDb.collection(`${rafflePath(raffleId)}/shards`).get()).docs.map(
      (doc) => ({ start: doc.get('start') as number, size: doc.get('size') as number }),
    );
    const onSale = (n: number) => shards.some(({ start, size }) => n >= start && n < start + size);
    const gap = Array.from({ length: 60 }, (_, i) => i + 1).filter((n) => !onSale(n));
    expect(gap.length).toBeGreaterThan(0);
    const prize = (ticketNumber: number): InstantPrize => ({
      ticketNumber,
      name: 'Voucher',
      cashAlternative: 2000,
    });
    expect(
      await call('saveInstantPrizes', { raffleId, prizes: [prize(1), prize(gap[0]!)] }, admin),
    ).toMatchObject({ ok: false, message: INSTANT_WIN_MESSAGES.notOnSale(gap[0]!) });
    await callOk('saveInstantPrizes', { raffleId, prizes: [prize(1)] }, admin);
  });
});
