/**
 * Race: site credit from an instant win moved into a new unpaid checkout at the very moment
 * the winning order is refunded (which voids the win and takes its credit back). A checkout
 * reserved between the release of the customer's checkouts and the take-back is released and
 * its credit taken back too, so the void win's credit is never spendable again.
 */
import { instantWinId, rafflePath, type InstantPrize } from '@rafflewin/domain';
import { startIn, sweep } from '../support/races';
import { adminDb } from '../support/admin';
import { call, callOk, newCustomer, type Customer, creditOf } from '../support/customers';
import { adminWithPostalAddress, createRaffle, line } from '../support/raffles';
import { CARDS, payByCard } from '../support/stripeDouble';

jest.setTimeout(900_000);

let admin: Customer;

beforeAll(async () => {
  admin = await adminWithPostalAddress();
});

/** On the only number of a one-ticket raffle, so its one buyer wins it. */
const HEADPHONES: InstantPrize = { ticketNumber: 1, name: 'Headphones', cashAlternative: 12000 };

describe('a void win’s credit parked in a checkout started during the refund', () => {
  it('is not spendable again once that checkout is abandoned', async () => {
    // The refund is started `delay` ms after the checkout (swept across the window in which the
    // checkout commits between the refund's release of open checkouts and its take-back).
    const broken = await sweep(
      Array.from({ length: 24 }, (_, i) => 8 + i * 2),
      async (delay, brokenIn) => {
        const [raffleId, plain] = await Promise.all([
          createRaffle({ maxTickets: 1, active: false }),
          createRaffle({ ticketPrice: 1500, maxTickets: 100, maxTicketsPerUser: 20 }),
        ]);
        await callOk('saveInstantPrizes', { raffleId, prizes: [HEADPHONES] }, admin);
        await adminDb.doc(rafflePath(raffleId)).update({ active: true });
        const buyer = await newCustomer();
        const { orderId } = await payByCard(
          await callOk('startCheckout', { items: [line(raffleId, 1)] }, buyer),
          CARDS.debit,
        );
        const winId = instantWinId(raffleId, HEADPHONES.ticketNumber);
        await callOk('chooseInstantWinPayout', { winId, payout: 'credit' }, buyer);

        const [refunded, parked] = await Promise.all([
          startIn(delay).then(() => call('refundOrder', { orderId }, admin)),
          call('startCheckout', { items: [line(plain, 8)] }, buyer),
        ]);
        if (parked.ok) await call('cancelCheckout', { sessionId: parked.result.sessionId }, buyer);
        const credit = await creditOf(buyer.uid);
        const voided = (await adminDb.doc(`instantWins/${winId}`).get()).get('voidedAt');
        if (voided && credit > 0) {
          brokenIn(
            `delay ${delay}: win void, yet £${credit / 100} credit left to spend; ` +
              `refund ${refunded.ok}, checkout ${parked.ok ? parked.result.amount : JSON.stringify(parked)}`,
          );
        }
      },
    );
    expect(broken).toEqual([]);
  });
});
