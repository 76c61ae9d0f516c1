import { ordersCollection, ticketsCollection } from '@rafflewin/domain';
import {
  collection,
  getAggregateFromServer,
  getCountFromServer,
  query,
  sum,
  where,
  type Query,
} from 'firebase/firestore';
import { db } from '@/lib/firestoreApi';

/**
 * Paid orders: their totals less what was refunded are the revenue. Counting "sold tickets ×
 * price" would count free postal entries priced at nothing, tickets of cancelled (refunded)
 * raffles, and any price changed after a sale; the orders hold what customers actually paid.
 */
export const paidOrders = query(
  collection(db, ordersCollection),
  where('paymentStatus', '==', 'paid'),
);

/** Tickets issued and not voided by a cancellation or a refund. */
export const activeTickets = query(
  collection(db, ticketsCollection),
  where('status', '==', 'active'),
);

/** A count() aggregation on the server: no document is downloaded. */
export async function countOf(q: Query): Promise<number> {
  return (await getCountFromServer(q)).data().count;
}

/** A sum() aggregation of one field: documents without the field count as 0. */
async function sumOf(q: Query, field: string): Promise<number> {
  return (await getAggregateFromServer(q, { total: sum(field) })).data().total ?? 0;
}

/**
 * Pence paid less pence refunded over some of `paidOrders`. Two aggregation queries, not one
 * with two sums: an aggregation with several fields counts only the documents that hold every
 * one of them, and most orders have no `refundedAmount`.
 */
export async function revenueOf(orders: Query): Promise<number> {
  const [paid, refunded] = await Promise.all([
    sumOf(orders, 'totalAmount'),
    sumOf(orders, 'refundedAmount'),
  ]);
  return paid - refunded;
}
