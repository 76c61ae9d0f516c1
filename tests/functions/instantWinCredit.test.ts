/**
 * Instant-win payouts at their seams with account credit, refunds and races: credit from a
 * voided win is taken back even when it sat in an unpaid checkout.
 */
import {
  INSTANT_WIN_MESSAGES,
  ORDER_REFUND_MESSAGES,
  instantWinId,
  rafflePath,
  ticketId,
  type InstantPrize,
} from '@rafflewin/domain';
import { adminDb } from '../support/admin';
import { call, callOk, newCustomer, type Customer, creditOf } from '../support/customers';
import { adminWithPostalAddress, createRaffle, line, staffTake } from '../support/raffles';
import { CARDS, payByCard } from '../support/stripeDouble';
import * as instantWins from '../../functions/src/services/instantWins/instantWins';

// A test stops a refund right after its tickets' wins were voided.
jest.mock('../../functions/src/services/instantWins/instantWins', () => {
  const actual = jest.requireActual('../../functions/src/services/instantWins/instantWins');
  return { ...actual, voidInstantWins: jest.fn(actual.voidInstantWins) };
});

jest.setTimeout(120_000);

let admin: Customer;

beforeAll(async () => {
  admin = await adminWithPostalAddress();
});

const HEADPHONES: InstantPrize = { ticketNumber: 3, name: 'Headphones', cashAlternative: 12000 };
const VOUCHER: InstantPrize = { ticketNumber: 7, name: 'Voucher', cashAlternative: 4500 };

/**
 * A live raffle of 20 numbers with `prizes` (the headphones on 3), beside a live raffle without
 * prizes. Staff hold every number but the prizes' and `spare` others (staff never land on a
 * prize), so the next buyer's tickets, issued at random, are those.
 */
async function instantRaffle({
  prizes = [HEADPHONES],
  spare = 0,
}: { prizes?: InstantPrize[]; spare?: number } = {}): Promise<{ raffleId: string; plain: string }> {
  const [raffleId, plain] = await Promise.all([
    createRaffle({ maxTickets: 20, maxTicketsPerUser: 20, active: false }),
    createRaffle({ ticketPrice: 1500, maxTickets: 100, maxTicketsPerUser: 20 }),
  ]);
  await callOk('saveInstantPrizes', { raffleId, prizes }, admin);
  await adminDb.doc(rafflePath(raffleId)).update({ active: true });
  await staffTake(admin, raffleId, 20 - prizes.length - spare);
  return { raffleId, plain };
}

/** A customer who bought the `tickets` left with a debit card (the headphones among them). */
async function winner(raffleId: string, tickets = 1) {
  const buyer = await newCustomer();
  const paid = await payByCard(
    await callOk('startCheckout', { items: [line(raffleId, tickets)] }, buyer),
    CARDS.debit,
  );
  expect(paid.ticketNumbers[raffleId]).toContain(HEADPHONES.ticketNumber);
  return { buyer, orderId: paid.orderId };
}

describe('site credit from a win that is then voided', () => {
  it('is not given back by an unpaid checkout that had it parked when the win was voided', async () => {
    const { raffleId, plain } = await instantRaffle();
    const { buyer, orderId } = await winner(raffleId);
    const winId = instantWinId(raffleId, 3);
    await callOk('chooseInstantWinPayout', { winId, payout: 'credit' }, buyer);
    expect(await creditOf(buyer.uid)).toBe(12000);

    // The credit is moved into an unpaid checkout (8 × £15.00, all of it on credit)...
    const parked = await callOk('startCheckout', { items: [line(plain, 8)] }, buyer);
    expect(parked.amount).toBe(0);
    expect(await creditOf(buyer.uid)).toBe(0);
    // ...while the winning payment is refunded (here by an administrator; a chargeback the
    // customer files lands the same way): the win is void, its credit not taken back.
    await callOk('refundOrder', { orderId }, admin);
    expect((await adminDb.doc(`instantWins/${winId}`).get()).get('voidedAt')).not.toBeNull();

    // Then the checkout is abandoned: its credit goes back to the account.
    await callOk('cancelCheckout', { sessionId: parked.sessionId }, buyer);
    // The void win's £120.00 must not be spendable again.
    expect(await creditOf(buyer.uid)).toBe(0);
  });
});

describe('a win whose credit was spent, then its order refunded', () => {
  /**
   * A customer with £2.00 of credit buys the last three numbers at £1.50 (£2.00 of credit,
   * £2.50 by debit card), wins the headphones on 3, takes their £120.00 as credit and spends all of it on a
   * paid order (8 × £15.00, on credit alone).
   */
  async function spentWin() {
    const { raffleId, plain } = await instantRaffle({ spare: 2 });
    const buyer = await newCustomer();
    await adminDb.doc(`users/${buyer.uid}`).update({ accountCredit: 200 });
    const started = await callOk('startCheckout', { items: [line(raffleId, 3)] }, buyer);
    expect(started.amount).toBe(250);
    const { orderId } = await payByCard(started, CARDS.debit);
    const winId = instantWinId(raffleId, 3);
    await callOk('chooseInstantWinPayout', { winId, payout: 'credit' }, buyer);
    expect(await creditOf(buyer.uid)).toBe(12000);
    const spent = await callOk('startCheckout', { items: [line(plain, 8)] }, buyer);
    await callOk('claimFreeEntries', { sessionId: spent.sessionId }, buyer);
    expect(await creditOf(buyer.uid)).toBe(0);
    return { buyer, orderId, winId };
  }

  it('takes the win’s credit from the order’s credit coming back, not leaving that spendable', async () => {
    const { buyer, orderId } = await spentWin();
    // The winning order is refunded in full: £2.50 to the card, £2.00 as credit. The win is void
    // and its £120.00 cannot come back; the £2.00 goes towards it rather than being spendable.
    const refund = await callOk('refundOrder', { orderId }, admin);
    expect(refund).toMatchObject({ amount: 250, creditReturned: 200 });
    expect(await creditOf(buyer.uid)).toBe(0);
  });

  it('still takes it when the refund stopped after voiding the win and is asked again', async () => {
    const { buyer, orderId, winId } = await spentWin();
    const actual = jest.requireActual<typeof instantWins>(
      '../../functions/src/services/instantWins/instantWins',
    );
    (instantWins.voidInstantWins as jest.Mock).mockImplementationOnce(
      async (...args: Parameters<typeof actual.voidInstantWins>) => {
        await actual.voidInstantWins(...args);
        throw new Error('Injected failure after the win was voided');
      },
    );
    expect(await call('refundOrder', { orderId }, admin)).toMatchObject({
      ok: false,
      message: ORDER_REFUND_MESSAGES.unfinished,
    });
    const win = (await adminDb.doc(`instantWins/${winId}`).get()).data()!;
    expect(win).toMatchObject({ creditNotRecovered: 12000 });
    expect(win.voidedAt).not.toBeNull();

    // Before, the second try found the win already void and owed nothing: the order's £2.00 of
    // credit came back spendable.
    const refund = await callOk('refundOrder', { orderId }, admin);
    expect(refund).toMatchObject({ amount: 250, creditReturned: 200 });
    expect(await creditOf(buyer.uid)).toBe(0);
    expect((await adminDb.doc(`instantWins/${winId}`).get()).get('creditNotRecovered')).toBe(11800);
  });
});

describe('racing choices', () => {
  it('credits a win once when the winner chooses credit six times at once', async () => {
    const { raffleId } = await instantRaffle();
    const { buyer } = await winner(raffleId);
    const winId = instantWinId(raffleId, 3);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('chooseInstantWinPayout', { winId, payout: i % 2 ? 'credit' : 'cash' }, buyer),
      ),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    const payout = (await adminDb.doc(`instantWins/${winId}`).get()).get('payout') as string;
    expect(await creditOf(buyer.uid)).toBe(payout === 'credit' ? 12000 : 0);
  });

  it('leaves no credit behind when the choice races an administrator’s refund', async () => {
    const { raffleId } = await instantRaffle();
    const { buyer, orderId } = await winner(raffleId);
    const winId = instantWinId(raffleId, 3);
    await Promise.all([
      call('chooseInstantWinPayout', { winId, payout: 'credit' }, buyer),
      callOk('refundOrder', { orderId }, admin),
    ]);
    expect((await adminDb.doc(`instantWins/${winId}`).get()).get('voidedAt')).not.toBeNull();
    expect(await creditOf(buyer.uid)).toBe(0);
  });
});

describe('refunding one winning ticket of an order', () => {
  it('voids that win only, and its number never goes back on sale', async () => {
    const { raffleId } = await instantRaffle({ prizes: [HEADPHONES, VOUCHER], spare: 1 });
    const { buyer, orderId } = await winner(raffleId, 3);
    await callOk('refundOrder', { orderId, ticketIds: [ticketId(raffleId, 3)] }, admin);
    const headphones = (
      await adminDb.doc(`instantWins/${instantWinId(raffleId, 3)}`).get()
    ).data()!;
    const voucher = (await adminDb.doc(`instantWins/${instantWinId(raffleId, 7)}`).get()).data()!;
    expect(headphones.voidedAt).not.toBeNull();
    expect(voucher.voidedAt).toBeNull();
    expect(
      await call(
        'chooseInstantWinPayout',
        { winId: instantWinId(raffleId, 3), payout: 'credit' },
        buyer,
      ),
    ).toMatchObject({ ok: false, message: INSTANT_WIN_MESSAGES.voided });
    await callOk(
      'chooseInstantWinPayout',
      { winId: instantWinId(raffleId, 7), payout: 'credit' },
      buyer,
    );
    expect(await creditOf(buyer.uid)).toBe(4500);

    // Every other number is taken: were 3 back on sale, another customer could buy it.
    const other = await newCustomer();
    expect(await call('startCheckout', { items: [line(raffleId, 1)] }, other)).toMatchObject({
      ok: false,
      details: { reason: 'raffle-unavailable', why: 'sold-out' },
    });
  });
});
