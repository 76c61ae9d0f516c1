import { shardsPath, type Shard } from '@rafflewin/domain';
import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import { readShard } from '../pool/shards';

export interface ShardInTx {
  ref: DocumentReference;
  shard: Shard;
}

/** A raffle's pool shards, read in a transaction (locked until it commits), lowest first. */
export async function readPoolInTx(
  db: Firestore,
  tx: Transaction,
  raffleId: string,
): Promise<ShardInTx[]> {
  const snapshot = await tx.get(db.collection(shardsPath(raffleId)));
  return snapshot.docs
    .map((doc) => ({ ref: doc.ref, shard: readShard(doc) }))
    .sort((a, b) => a.shard.start - b.shard.start);
}

/** The shard whose range holds `ticketNumber`, if any. */
export function shardFor(pool: ShardInTx[], ticketNumber: number): ShardInTx | undefined {
  return pool.find(
    ({ shard }) => ticketNumber >= shard.start && ticketNumber < shard.start + shard.size,
  );
}

/** The highest number the pool covers (the raffle's maximum when it was created). */
export function poolEnd(pool: ShardInTx[]): number {
  return pool.reduce((max, { shard }) => Math.max(max, shard.start + shard.size - 1), 0);
}

/** Writes a shard's numbers and counts back (its holds are left as they are). */
export function saveShardNumbers(tx: Transaction, { ref, shard }: ShardInTx): void {
  tx.update(ref, { sold: shard.sold, taken: shard.taken, freed: shard.freed });
}
