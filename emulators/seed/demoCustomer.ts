/**
 * The demo customer's own account data, so every account page has something to show in
 * `npm start`: orders of one or more raffles (one answered wrongly, so its ticket is not in
 * the draw), a free entry, saved raffles, a saved test card and the username reservation.
 * Their tickets are numbers the seed has already sold, re-assigned from the demo players, so
 * every raffle's counts stay as they are.
 */
import {
  orderSearchTerms,
  savedRafflesPath,
  usernamesCollection,
  type OrderData,
  type RaffleData,
  type SavedRaffleData,
} from '@rafflewin/domain';
import { DEMO_USERS } from '../config';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

import type { Write } from './tickets';

interface DemoOrder {
  id: string;
  orderNumber: string;
  /** How long before seeding it was placed. */
  ago: number;
  paymentMethod: OrderData['paymentMethod'];
  items: Array<{ raffleId: string; numbers: number[]; eligible: boolean }>;
}

const DEMO_ORDERS: DemoOrder[] = [
  {
    id: 'demo-order-cash',
    orderNumber: 'RW-DEMO-1001',
    ago: 2 * DAY,
    paymentMethod: 'Card',
    items: [{ raffleId: 'cash-10000', numbers: [101, 102, 103], eligible: true }],
  },
  {
    id: 'demo-order-tech-charity',
    orderNumber: 'RW-DEMO-1002',
    ago: DAY,
    paymentMethod: 'Card',
    items: [
      { raffleId: 'tech-macbook', numbers: [51, 52], eligible: true },
      // The skill question was answered wrongly: the ticket is not in the draw.
      { raffleId: 'charity-hospice', numbers: [77], eligible: false },
    ],
  },
  {
    id: 'demo-order-spa',
    orderNumber: 'RW-DEMO-1003',
    ago: 12 * DAY,
    paymentMethod: 'Card',
    items: [{ raffleId: 'spa-break-ended', numbers: [12, 13], eligible: true }],
  },
  {
    id: 'demo-order-free',
    orderNumber: 'RW-DEMO-1004',
    ago: 20 * HOUR,
    paymentMethod: 'Free Entry',
    items: [{ raffleId: 'free-airpods', numbers: [7], eligible: true }],
  },
];

/** Raffles the demo customer has saved. */
const DEMO_SAVED_RAFFLES = ['car-bmw-m4', 'charity-foodbank'];

export interface DemoCustomerTicket {
  uid: string;
  firstName: string;
  lastName: string;
  orderId: string;
  purchaseDate: Date;
  eligible: boolean;
}

/** The demo customer's ticket `ticketNumber` of a raffle, if the seed gives it to them. */
export function demoCustomerTicket(
  raffleId: string,
  ticketNumber: number,
  now: Date,
): DemoCustomerTicket | null {
  for (const order of DEMO_ORDERS) {
    const item = order.items.find(
      (i) => i.raffleId === raffleId && i.numbers.includes(ticketNumber),
    );
    if (item) {
      const { uid, firstName, lastName } = DEMO_USERS.customer;
      return {
        uid,
        firstName,
        lastName,
        orderId: order.id,
        purchaseDate: new Date(now.getTime() - order.ago),
        eligible: item.eligible,
      };
    }
  }
  return null;
}

/** The demo customer's orders, saved raffles and username reservations. */
export function demoCustomerWrites(
  raffles: Array<{ id: string; data: RaffleData }>,
  now: Date,
): Write[] {
  const { customer, admin } = DEMO_USERS;
  const raffle = (id: string) => {
    const found = raffles.find((r) => r.id === id);
    if (!found) throw new Error(`The demo customer's raffle ${id} is not seeded`);
    return found.data;
  };
  const writes: Write[] = DEMO_ORDERS.map((order): Write => {
    const createdAt = new Date(now.getTime() - order.ago);
    const items = order.items.map(({ raffleId, numbers }) => {
      const { name, ticketPrice } = raffle(raffleId);
      return {
        raffleId,
        name,
        quantity: numbers.length,
        unitPrice: ticketPrice,
        totalPrice: ticketPrice * numbers.length,
        ticketNumbers: numbers,
      };
    });
    const data: OrderData = {
      orderNumber: order.orderNumber,
      userId: customer.uid,
      userEmail: customer.email,
      status: 'completed',
      paymentStatus: 'paid',
      paymentMethod: order.paymentMethod,
      items,
      totalAmount: items.reduce((sum, item) => sum + item.totalPrice, 0),
      checkoutSessionId: null,
      cardFunding: order.paymentMethod === 'Card' ? 'debit' : null,
      creditApplied: 0,
      createdAt,
      updatedAt: createdAt,
      searchTerms: orderSearchTerms(
        order.orderNumber,
        items.map((item) => item.name),
      ),
    };
    return [`orders/${order.id}`, data];
  });
  DEMO_SAVED_RAFFLES.forEach((raffleId, i) => {
    const saved: SavedRaffleData = { raffleId, createdAt: new Date(now.getTime() - i * HOUR) };
    writes.push([`${savedRafflesPath(customer.uid)}/${raffleId}`, saved]);
  });
  writes.push([`${usernamesCollection}/janesmith`, { uid: customer.uid }]);
  writes.push([`${usernamesCollection}/alexadmin`, { uid: admin.uid }]);
  return writes;
}
