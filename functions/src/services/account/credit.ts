import { DELETED_USER_ID } from '@rafflewin/domain';
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
