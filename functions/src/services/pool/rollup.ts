import { activeHeld, rafflePath, shardsPath } from '@rafflewin/domain';
import { type Timestamp, type Firestore } from 'firebase-admin/firestore';
import { readShard } from './shards';

/**
 * Rolls a raffle's shards up into its `soldTickets` and `reservedTickets`, which the cards
 * show live. Purchases never write the raffle document itself; this runs after shard writes.
 * The shards are read as one consistent snapshot, and the raffle only takes a snapshot newer
 * than the one it already shows, so rollups finishing out of order never go backwards.
 */
export async function rollupRaffleCounts(db: Firestore, raffleId: string): Promise<void> {
  const snapshot = await db.collection(shardsPath(raffleId)).get();
  const readAt = snapshot.readTime;
  const now = readAt.toDate();
  let sold = 0;
  let reserved = 0;
  for (const doc of snapshot.docs) {
    const shard = readShard(doc);
    sold += shard.sold;
    reserved += activeHeld(shard.holds, now);
  }
  const raffleRef = db.doc(rafflePath(raffleId));
  await db.runTransaction(async (tx) => {
    const raffle = await tx.get(raffleRef);
    if (!raffle.exists) return;
    const shownAt = raffle.get('countsReadAt') as Timestamp | undefined;
    if (shownAt && shownAt.toMillis() >= readAt.toMillis()) return;
    if (raffle.get('soldTickets') === sold && raffle.get('reservedTickets') === reserved) return;
    tx.update(raffleRef, { soldTickets: sold, reservedTickets: reserved, countsReadAt: readAt });
  });
}
