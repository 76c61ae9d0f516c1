/**
 * Race: a refund made in Stripe's dashboard (its `charge.refunded` webhook) arriving while an
 * administrator's refundOrder of the same order is under way. The webhook may take it for the
 * shop's own (the claim counts the money first), and Stripe then refuses the shop's refund as
 * already made: refundOrder then settles the payment as the webhook would have, so a charge
 * refunded in full never leaves its tickets active or its order paid.
 */
import { ticketId } from '@rafflewin/domain';
import { startIn, sweep } from '../support/races';
import { adminDb } from '../support/admin';
import { call, callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import { createRaffle, line } from '../support/raffles';
import { payByCard, postSigned, signedEvents, stripeSessionOf } from '../support/stripeDouble';
import { stripe } from '../../functions/src/services/payments/stripe';

jest.setTimeout(600_000);

let admin: Customer;
let buyer: Customer;

beforeAll(async () => {
  [admin, buyer] = await Promise.all([newAdmin(), newCustomer('Dash', 'Board')]);
});

describe('a refund in Stripe’s dashboard while an administrator refunds the order', () => {
  it('never leaves the tickets active on a charge refunded in full', async () => {
    // The event is posted `delay` ms after refundOrder starts, swept across the window between
    // refundOrder's claim and Stripe's refusal.
    const broken = await sweep(
      Array.from({ length: 16 }, (_, i) => 30 + i * 4),
      async (delay, brokenIn) => {
        const raffleId = await createRaffle({ ticketPrice: 150, maxTickets: 20 });
        const started = await callOk('startCheckout', { items: [line(raffleId, 2)] }, buyer);
        const { orderId, ticketNumbers } = await payByCard(started);
        const stripeSessionId = stripeSessionOf(started.checkoutUrl);
        const order = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
        // Someone refunds the whole charge in Stripe's dashboard; its event is on its way.
        await (
          await stripe()
        ).refunds.create({ payment_intent: String(order.paymentIntentId), amount: 300 });
        const events = await signedEvents(stripeSessionId, 'charge.refunded');
        const event = events[events.length - 1]!;

        const [refunded, delivered] = await Promise.all([
          call('refundOrder', { orderId }, admin),
          startIn(delay).then(() => postSigned(event)),
        ]);
        const after = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
        const tickets = await adminDb.getAll(
          ...(ticketNumbers[raffleId] ?? []).map((n) =>
            adminDb.doc(`tickets/${ticketId(raffleId, n)}`),
          ),
        );
        const active = tickets.filter((t) => t.get('status') === 'active').length;
        if (active > 0 || after.paymentStatus === 'paid') {
          brokenIn(
            `delay ${delay}: charge refunded in full, yet ${active} tickets active, order ` +
              `${after.paymentStatus}/${after.status}, refundedAmount ${after.refundedAmount}; ` +
              `refundOrder ${JSON.stringify(refunded)}, webhook ${delivered}`,
          );
        }
      },
    );
    expect(broken).toEqual([]);
  });
});
