/**
 * A free postal entry for the demo customer, as an administrator would have added it from
 * Manage Tickets with a minimum ticket number: two tickets on chosen numbers above the
 * numbers sold so far, recorded as `taken` in their pool shard (so checkout steps over them),
 * with the customer's holder count, public entries and a £0 manual_entry order "MAN-…".
 * Written after the raffles' own tickets; fixed ids keep it idempotent.
 */
import {
  orderSearchTerms,
  DEFAULT_SHARD_COUNT,
  entriesPath,
  holderDisplayName,
  holdersPath,
  ordersCollection,
  rafflePath,
  shardLayout,
  shardsPath,
  ticketId,
  ticketsCollection,
  type OrderData,
  type TicketData,
} from '@rafflewin/domain';
import { DEMO_USERS } from '../config';
import type { DemoRaffle } from './demoData';

import type { Write } from './tickets';

const RAFFLE_ID = 'car-mini-classic';
const NUMBERS = [777, 778];
export const DEMO_MANUAL_ORDER_ID = 'seed-manual-demo-customer';

export function demoManualEntryWrites(raffles: DemoRaffle[], now: Date): Write[] {
  const raffle = raffles.find((r) => r.id === RAFFLE_ID);
  if (!raffle) return [];
  const { data } = raffle;
  const customer = DEMO_USERS.customer;
  const placedAt = new Date(now.getTime() - 2 * 3_600_000);
  const writes: Write[] = [[rafflePath(RAFFLE_ID), { ...data, soldTickets: data.soldTickets + 2 }]];

  const layout = shardLayout(data.maxTickets, DEFAULT_SHARD_COUNT);
  const shard = layout.find((s) => NUMBERS[0]! >= s.start && NUMBERS[0]! < s.start + s.size)!;
  // The seeded sales fill numbers 1…soldTickets in sequence; these lie above them.
  const soldInShard = Math.min(shard.size, Math.max(0, data.soldTickets - shard.start + 1));
  if (shard.start + soldInShard > NUMBERS[0]!) return [];
  writes.push([
    `${shardsPath(RAFFLE_ID)}/${shard.index}`,
    { ...shard, sold: soldInShard + NUMBERS.length, holds: {}, taken: NUMBERS, freed: [] },
  ]);
  writes.push([`${holdersPath(RAFFLE_ID)}/${customer.uid}`, { owned: NUMBERS.length, holds: {} }]);

  for (const n of NUMBERS) {
    const ticket: TicketData = {
      userId: customer.uid,
      raffleId: RAFFLE_ID,
      ticketNumber: n,
      orderId: DEMO_MANUAL_ORDER_ID,
      purchaseDate: placedAt,
      raffle: {
        name: data.name,
        category: data.category,
        imageUrl: data.imageUrl,
        endDate: data.endDate,
        ticketPrice: 0,
      },
      eligible: true,
      status: 'active',
      // Issued to customers: the draw judges them as such whatever their claims by then.
      issuedToStaff: false,
    };
    writes.push([`${ticketsCollection}/${ticketId(RAFFLE_ID, n)}`, ticket]);
    writes.push([
      `${entriesPath(RAFFLE_ID)}/${n}`,
      {
        ticketNumber: n,
        holderName: holderDisplayName(customer.firstName, customer.lastName, n),
        category: data.category,
      },
    ]);
  }
  const order: OrderData = {
    orderNumber: `MAN-${placedAt.getTime()}-DEMO`,
    userId: customer.uid,
    userEmail: customer.email,
    status: 'completed',
    paymentStatus: 'paid',
    paymentMethod: 'manual_entry',
    cardFunding: null,
    creditApplied: 0,
    searchTerms: orderSearchTerms(`MAN-${placedAt.getTime()}-DEMO`, [data.name]),
    items: [
      {
        raffleId: RAFFLE_ID,
        name: data.name,
        quantity: NUMBERS.length,
        unitPrice: 0,
        totalPrice: 0,
        ticketNumbers: NUMBERS,
      },
    ],
    totalAmount: 0,
    checkoutSessionId: null,
    createdAt: placedAt,
    updatedAt: placedAt,
  };
  writes.push([`${ordersCollection}/${DEMO_MANUAL_ORDER_ID}`, order]);
  return writes;
}
