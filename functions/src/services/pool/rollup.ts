import { activeHeld, parseDocument, shardSchema, shardsPath } from '@rafflewin/domain';
import { type Firestore } from 'firebase-admin/firestore';
import { raffleRef } from '../../lib/collections';

/**
 * Rolls a raffle's shards up into its `soldTickets` and `reservedTickets`, which the cards
 * show live. Purchases never write the raffle document itself; this runs after shard writes.
 * The shards are read as one consistent snapshot, and the raffle only takes a snapshot newer
 * than the one it already shows, so rollups finishing out of order never go backwards.
 */
export async function rollupRaffleCounts(db: Firestore, raffleId: string): Promise<void> {
  // Many sales of a hot raffle finish at once and all roll up: one whose write loses the race
  // for the raffle document tries again a little later with a fresh snapshot, so the last
  // sale's counts always land.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await rollupOnce(db, raffleId);
    } catch (error) {
      if (!LOST_RACE.has((error as { code?: number }).code ?? 0) || attempt >= 12) throw error;
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(2000, 100 * attempt) + Math.random() * 400),
      );
    }
  }
}

const shardCounts = shardSchema.pick({ sold: true, holds: true });

/**
 * gRPC FAILED_PRECONDITION (the raffle changed since it was read) and ABORTED (contention):
 * read again and retry.
 */
const LOST_RACE = new Set([9, 10]);

async function rollupOnce(db: Firestore, raffleId: string): Promise<void> {
  // The counts only: a big pool's shards also list issued numbers, which are not needed here.
  const snapshot = await db.collection(shardsPath(raffleId)).select('sold', 'holds').get();
  const readAt = snapshot.readTime;
  const now = readAt.toDate();
  let sold = 0;
  let reserved = 0;
  for (const doc of snapshot.docs) {
    const shard = parseDocument(shardCounts, doc.data(), doc.id);
    sold += shard.sold;
    reserved += activeHeld(shard.holds, now);
  }
  // An optimistic write (the raffle as it was read, or nothing), not a transaction: no lock
  // on the hottest document of a sale, so concurrent roll-ups never wait on each other.
  const raffleDoc = raffleRef(db, raffleId);
  const current = await raffleDoc.get();
  const raffle = current.data();
  if (!raffle) return;
  if (raffle.countsReadAt && raffle.countsReadAt.getTime() >= readAt.toMillis()) return;
  if (raffle.soldTickets === sold && raffle.reservedTickets === reserved) return;
  await raffleDoc.update(
    { soldTickets: sold, reservedTickets: reserved, countsReadAt: readAt },
    { lastUpdateTime: current.updateTime! },
  );
}
