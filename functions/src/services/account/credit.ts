import { DELETED_USER_ID, type Order } from '@rafflewin/domain';
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { profileRef } from '../../lib/collections';

/**
 * Gives `pence` of account credit back to `uid` in `tx` (a refund's credit part, a deleted
 * order's). An order of a deleted account (owner `DELETED_USER_ID`) has nobody to give it to:
 * its credit lapsed with the account, and the refund's record still completes.
 */
export function returnCredit(tx: Transaction, db: Firestore, uid: string, pence: number): void {
  if (pence <= 0 || uid === DELETED_USER_ID) return;
  tx.update(profileRef(db, uid), { accountCredit: FieldValue.increment(pence) });
}

/**
 * What an order's lines of one raffle cost, less its tickets refunded one by one earlier
 * (Order management → Refund), which are not refunded again.
 */
export function raffleCostLeft(order: Order, raffleId: string): number {
  const refundedBefore = Object.values(order.ticketRefunds ?? {}).reduce(
    (sum, refund) => sum + (refund.costByRaffle[raffleId] ?? 0),
    0,
  );
  const cost = order.items
    .filter((item) => item.raffleId === raffleId)
    .reduce((sum, item) => sum + item.totalPrice, 0);
  return Math.max(0, cost - refundedBefore);
}
