import { lastUkDays, ticketsCollection, type DayRange } from '@rafflewin/domain';
import {
  collection,
  getAggregateFromServer,
  getCountFromServer,
  query,
  sum,
  where,
  type FirestoreError,
} from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { db } from '@/lib/firebase';
import { paidOrders } from './useDashboardStats';

/** One day of the sales chart. */
export interface DaySales {
  label: string;
  tickets: number;
  /** Pence. */
  revenue: number;
}

const activeTickets = query(collection(db, ticketsCollection), where('status', '==', 'active'));

/**
 * One UK calendar day: a count() of the tickets issued and a sum() of the paid orders placed
 * in it (less refunds). Indexes: tickets (status, purchaseDate), orders (paymentStatus,
 * createdAt).
 */
async function salesOn(day: DayRange): Promise<DaySales> {
  const [tickets, money] = await Promise.all([
    getCountFromServer(
      query(
        activeTickets,
        where('purchaseDate', '>=', day.start),
        where('purchaseDate', '<', day.end),
      ),
    ),
    getAggregateFromServer(
      query(paidOrders, where('createdAt', '>=', day.start), where('createdAt', '<', day.end)),
      { paid: sum('totalAmount'), refunded: sum('refundedAmount') },
    ),
  ]);
  const { paid, refunded } = money.data();
  return {
    label: day.label,
    tickets: tickets.data().count,
    revenue: (paid ?? 0) - (refunded ?? 0),
  };
}

/**
 * Ticket sales and revenue for each of the last 30 days: two small aggregation queries per
 * day, run together, so the chart costs about 60 index-entry reads per 1,000 sales and never
 * downloads an order or a ticket.
 */
export function useDailySales() {
  const [state, setState] = useState<{
    days: DaySales[] | null;
    error: FirestoreError | Error | null;
  }>({
    days: null,
    error: null,
  });
  useEffect(() => {
    let live = true;
    Promise.all(lastUkDays(new Date()).map(salesOn))
      .then((days) => live && setState({ days, error: null }))
      .catch((error: Error) => live && setState({ days: null, error }));
    return () => {
      live = false;
    };
  }, []);
  return state;
}
