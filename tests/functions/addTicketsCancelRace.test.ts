/**
 * Race: Manage Tickets → Add tickets (addTicketsForUser) and the raffle's cancellation at the
 * same moment, swept across the window: a cancelled raffle ends with no active ticket. The
 * placement re-reads the raffle and the pool in its transaction, so a cancellation committed
 * since its first check refuses it; one committed after finds its fulfilment and voids it.
 */
import { entriesPath, rafflePath } from '@rafflewin/domain';
import { startIn, sweep } from '../support/races';
import { adminDb } from '../support/admin';
import { call, newAdmin, newCustomer, type Customer } from '../support/customers';
import { createRaffle } from '../support/raffles';

jest.setTimeout(600_000);

let admin: Customer;
let customer: Customer;

beforeAll(async () => {
  [admin, customer] = await Promise.all([newAdmin(), newCustomer('Cara', 'Cancelled')]);
});

describe('tickets added by an administrator while the raffle is cancelled', () => {
  it('leave no active ticket in a cancelled raffle', async () => {
    const broken = await sweep(
      [0, 5, 10, 20, 30, 45, 60, 80, 100, 130, 0, 15],
      async (delay, brokenIn) => {
        const raffleId = await createRaffle({ ticketPrice: 150, maxTickets: 20 });
        const [added, cancelled] = await Promise.all([
          call(
            'addTicketsForUser',
            { userId: customer.uid, raffleId, quantity: 2, minNumber: null },
            admin,
          ),
          startIn(delay).then(() => call('cancelRaffle', { raffleId }, admin)),
        ]);
        const raffle = (await adminDb.doc(rafflePath(raffleId)).get()).data()!;
        const active = await adminDb
          .collection('tickets')
          .where('raffleId', '==', raffleId)
          .where('status', '==', 'active')
          .get();
        const entries = await adminDb.collection(entriesPath(raffleId)).get();
        if (raffle.drawStatus === 'cancelled' && (active.size > 0 || entries.size > 0)) {
          brokenIn(
            `delay ${delay}: cancelled raffle has ${active.size} active tickets ` +
              `(${active.docs.map((d) => d.get('ticketNumber')).join(',')}), ${entries.size} entries; ` +
              `add ${JSON.stringify(added)}, cancel ${JSON.stringify(cancelled)}`,
          );
        }
      },
    );
    expect(broken).toEqual([]);
  });
});
