import { ordersCollection, ticketsCollection, type Pence } from '@rafflewin/domain';
import { AggregateField, type Firestore } from 'firebase-admin/firestore';

export interface UserStats {
  totalTickets: number;
  totalSpent: Pence;
}

/**
 * A customer's ticket count and spend, from two aggregation queries (no documents are read):
 * active tickets, and the totals of paid orders.
 */
export async function userStats(db: Firestore, uid: string): Promise<UserStats> {
  const [tickets, orders] = await Promise.all([
    db
      .collection(ticketsCollection)
      .where('userId', '==', uid)
      .where('status', '==', 'active')
      .count()
      .get(),
    db
      .collection(ordersCollection)
      .where('userId', '==', uid)
      .where('paymentStatus', '==', 'paid')
      .aggregate({ spent: AggregateField.sum('totalAmount') })
      .get(),
  ]);
  return { totalTickets: tickets.data().count, totalSpent: orders.data().spent ?? 0 };
}
