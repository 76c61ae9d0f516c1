import { activeHeld, shardsPath } from '@rafflewin/domain';
import { type Firestore } from 'firebase-admin/firestore';
import { readShard } from './shards';
import { raffleRef } from '../../lib/collections';

/**
 * Rolls a raffle's shards up into its `soldTickets` and `reservedTickets`, which the cards
 * show live. Purchases never write the raffle document itself; this runs after shard writes.
 * The shards are read as one consistent snapshot, and the raffle only takes a snapshot newer
 * than the one it already shows, so rollups finishing out of order never go backwards.
 */
export async function rollupRaffleCounts(db: Firestore, raffleId: string): Promise<void> {
  // Many sales of a hot raffle finish at once and all roll up: one that loses the race for
  // the raffle document (ABORTED) tries again a little later with a fresh snapshot, so the
  // last sale's counts always land.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await rollupOnce(db, raffleId);
    } catch (error) {
      if ((error as { code?: number }).code !== ABORTED || attempt >= 6) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 400));
    }
  }
}

/** gRPC ABORTED: the transaction lost to a concurrent one. */
const ABORTED = 10;

async function rollupOnce(db: Firestore, raffleId: string): Promise<void> {
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
  const raffleDoc = raffleRef(db, raffleId);
  await db.runTransaction(async (tx) => {
    const raffle = (await tx.get(raffleDoc)).data();
    if (!raffle) return;
    if (raffle.countsReadAt && raffle.countsReadAt.getTime() >= readAt.toMillis()) return;
    if (raffle.soldTickets === sold && raffle.reservedTickets === reserved) return;
    tx.update(raffleDoc, { soldTickets: sold, reservedTickets: reserved, countsReadAt: readAt });
  });
}
