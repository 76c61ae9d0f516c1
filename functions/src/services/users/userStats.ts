import { ordersCollection, ticketsCollection, type Pence } from '@rafflewin/domain';
import { AggregateField, type Firestore } from 'firebase-admin/firestore';

export interface UserStats {
  totalTickets: number;
  totalSpent: Pence;
}

/**
 * A customer's ticket count and spend, from two aggregation queries (no documents are read):
 * active tickets, and what paid orders took less what came back of it (a partly refunded order
 * stays paid), as the dashboard's revenue counts it.
 */
export async function userStats(db: Firestore, uid: string): Promise<UserStats> {
  const paid = db
    .collection(ordersCollection)
    .where('userId', '==', uid)
    .where('paymentStatus', '==', 'paid');
  // Two queries: Firestore counts in a query's aggregations only the documents holding every
  // field they sum, so an order never refunded (no `refundedAmount`) would drop out of both.
  const [tickets, spent, refunded] = await Promise.all([
    db
      .collection(ticketsCollection)
      .where('userId', '==', uid)
      .where('status', '==', 'active')
      .count()
      .get(),
    paid.aggregate({ pence: AggregateField.sum('totalAmount') }).get(),
    paid.aggregate({ pence: AggregateField.sum('refundedAmount') }).get(),
  ]);
  const totalSpent = Math.max(0, spent.data().pence - refunded.data().pence);
  return { totalTickets: tickets.data().count, totalSpent };
}
