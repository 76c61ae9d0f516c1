/**
 * Races: what a shopper's new checkout releases ("the shopper's earlier unpaid
 * checkouts are released first, their Stripe pages closed") when it races another of their
 * own checkouts (two tabs), or an administrator recording their postcard.
 */
import { CHECKOUT_MESSAGES, checkoutSessionsCollection } from '@rafflewin/domain';
import { startIn, sweep } from '../support/races';
import { adminDb } from '../support/admin';
import { call, newAdmin, newCustomer, newCustomers, type Customer } from '../support/customers';
import { createRaffle, line, postcard } from '../support/raffles';
import { CARDS, payOnStripe, settlePayment, stripeSessionOf } from '../support/stripeDouble';

jest.setTimeout(900_000);

let admin: Customer;

beforeAll(async () => {
  admin = await newAdmin();
});

const statusOf = async (sessionId: string) =>
  String((await adminDb.doc(`${checkoutSessionsCollection}/${sessionId}`).get()).get('status'));

describe('two tabs checking out at once', () => {
  it('never hands out a payment page for a reservation the other tab already released', async () => {
    const raffleId = await createRaffle({ maxTickets: 5000, maxTicketsPerUser: 100 });
    const delays = Array.from({ length: 31 }, (_, i) => i * 6);
    const shoppers = await newCustomers(delays.length, 'Tabs');
    let round = 0;
    const broken = await sweep(delays, async (delay, brokenIn) => {
      const shopper = shoppers[round++]!;
      const answers = await Promise.all([
        call('startCheckout', { items: [line(raffleId, 2)] }, shopper),
        startIn(delay).then(() => call('startCheckout', { items: [line(raffleId, 3)] }, shopper)),
      ]);
      let open = 0;
      for (const [tab, answer] of answers.entries()) {
        if (!answer.ok) {
          // The tab whose checkout the other replaced while its page was being made says so.
          if (answer.message !== CHECKOUT_MESSAGES.closedWhileOpening) {
            brokenIn(`delay ${delay}: tab ${tab + 1} refused: ${answer.message}`);
          }
          continue;
        }
        const status = await statusOf(answer.result.sessionId);
        if (status === 'pending') {
          open += 1;
          continue;
        }
        // The reservation behind this page was released: its page must be closed.
        const page = stripeSessionOf(answer.result.checkoutUrl);
        const paid = await payOnStripe(page, { number: CARDS.debit });
        if ('redirect' in paid) {
          const settled = await settlePayment(page, answer.result.sessionId);
          const order = await adminDb.doc(`orders/${answer.result.sessionId}`).get();
          brokenIn(
            `delay ${delay}: tab ${tab + 1} was handed a page for a reservation already ` +
              `${status}; the page took a payment of £${answer.result.amount / 100} ` +
              `(reservation then ${settled}, order ${order.exists ? 'written' : 'none'})`,
          );
        }
      }
      // The shopper is left with a checkout to pay (the newer tab's, or both when each reserved
      // before the other's replaced anything: the per-person maximum counts both holds).
      if (open === 0) brokenIn(`delay ${delay}: no checkout left open`);
    });
    expect(broken).toEqual([]);
  });
});

describe("an administrator records a customer's postcard while the customer shops", () => {
  it('gives the on-time postcard its ticket, whatever the customer checks out meanwhile', async () => {
    const [postalRaffle, shopRaffle] = await Promise.all([
      createRaffle({ maxTickets: 5000, maxTicketsPerUser: 500 }),
      createRaffle({ maxTickets: 5000, maxTicketsPerUser: 500 }),
    ]);
    const customer = await newCustomer('Postal', 'Shopper');
    const delays = Array.from({ length: 40 }, (_, i) => i * 5);
    const broken = await sweep(delays, async (delay, brokenIn) => {
      const [recorded, shopped] = await Promise.all([
        call('recordPostalEntry', postcard(postalRaffle, customer.email), admin),
        startIn(delay).then(() =>
          call('startCheckout', { items: [line(shopRaffle, 1)] }, customer),
        ),
      ]);
      if (!recorded.ok) {
        brokenIn(`delay ${delay}: recordPostalEntry failed: ${JSON.stringify(recorded)}`);
        return;
      }
      if (recorded.result.outcome !== 'ticket') {
        brokenIn(
          `delay ${delay}: postcard ${recorded.result.outcome}: "${recorded.result.message}" ` +
            `(customer's checkout ${shopped.ok ? 'ok' : shopped.message})`,
        );
      }
    });
    expect(broken).toEqual([]);
  });
});
