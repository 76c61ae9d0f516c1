import { ShopError, usernameKey } from '@rafflewin/domain';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { usernameRef } from '../../lib/collections';

/**
 * Moves an account's username claim (`usernames/{lower}`) from `from` to `to` inside the
 * caller's transaction: refused with `takenMessage` when another account holds the new name,
 * whatever its case; the old claim is released if it is this account's. Reads first, so call
 * it before the transaction's other writes.
 */
export async function moveUsernameClaim(
  tx: Transaction,
  db: Firestore,
  uid: string,
  from: string | null,
  to: string | null,
  takenMessage: string,
): Promise<void> {
  const oldKey = from ? usernameKey(from) : null;
  const newKey = to ? usernameKey(to) : null;
  // The new name's claim is checked even when the profile already shows it: a profile can
  // name a username whose claim another account holds.
  const [newClaim, oldClaim] = await Promise.all([
    newKey ? tx.get(usernameRef(db, newKey)) : null,
    oldKey && oldKey !== newKey ? tx.get(usernameRef(db, oldKey)) : null,
  ]);
  const holder = newClaim?.data()?.uid;
  if (holder !== undefined && holder !== uid) throw new ShopError('already-exists', takenMessage);
  if (newKey) tx.set(usernameRef(db, newKey), { id: newKey, uid });
  if (oldKey && oldClaim?.data()?.uid === uid) tx.delete(usernameRef(db, oldKey));
}
