/**
 * Race: an administrator's refund (refundOrder) and the draw of the same raffle at the same
 * moment. The refund is refused once the raffle is drawn, and the draw, in its transaction,
 * waits for its next run when the winning ticket is void or under a pending refund: no
 * published winner is a ticket the refund then voids.
 */
import { ticketId } from '@rafflewin/domain';
import { startIn, sweep } from '../support/races';
import { adminAuth, adminDb } from '../support/admin';
import { call, newAdmin, newCustomer, type Customer } from '../support/customers';
import { AFTER_FAR_END, FAR_END, buyTickets, createRaffle } from '../support/raffles';
import { drawRaffle } from '../../functions/src/services/draws/draw';

jest.setTimeout(600_000);

let admin: Customer;
let buyer: Customer;

beforeAll(async () => {
  [admin, buyer] = await Promise.all([newAdmin(), newCustomer('Dora', 'Drawn')]);
});

describe('a refund and a draw of the same raffle at the same moment', () => {
  it('never publishes a winning ticket that the refund then voids', async () => {
    const broken = await sweep(
      [-80, -60, -45, -30, -20, -10, -5, 0, 5, 10, 20, 30, 45, 60],
      async (delay, brokenIn) => {
        const raffleId = await createRaffle({ ticketPrice: 150, endDate: FAR_END, maxTickets: 10 });
        const numbers = await buyTickets(buyer, raffleId, 1);
        const ticket = await adminDb.doc(`tickets/${ticketId(raffleId, numbers[0]!)}`).get();
        const orderId = String(ticket.get('orderId'));

        const [refunded, drawn] = await Promise.allSettled([
          startIn(Math.max(0, -delay)).then(() => call('refundOrder', { orderId }, admin)),
          startIn(Math.max(0, delay)).then(() =>
            drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END),
          ),
        ]);
        const record = (await adminDb.doc(`draws/${raffleId}`).get()).data();
        const order = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
        if (record?.status === 'drawn') {
          const won = await adminDb
            .doc(`tickets/${ticketId(raffleId, record.winningTicketNumber as number)}`)
            .get();
          if (won.get('status') !== 'active' || order.paymentStatus !== 'paid') {
            brokenIn(
              `delay ${delay}: winner #${record.winningTicketNumber} is ${won.get('status')}, ` +
                `order ${order.paymentStatus}, refund ${JSON.stringify(
                  refunded.status === 'fulfilled' ? refunded.value : refunded.reason,
                )}, draw ${drawn.status}`,
            );
          }
        }
      },
    );
    expect(broken).toEqual([]);
  });
});
