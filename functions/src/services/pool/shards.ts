import {
  DEFAULT_SHARD_COUNT,
  holderSchema,
  holdersPath,
  parseDocument,
  shardLayout,
  shardSchema,
  shardsPath,
  type Holder,
  type Shard,
} from '@rafflewin/domain';
import type { DocumentSnapshot, Firestore, QuerySnapshot } from 'firebase-admin/firestore';

/** Shards per raffle; `POOL_SHARDS=1` gives the unsharded baseline for the benchmark. */
export function shardCount(): number {
  const configured = Number(process.env.POOL_SHARDS);
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_SHARD_COUNT;
}

export const shardRef = (db: Firestore, raffleId: string, index: number) =>
  db.collection(shardsPath(raffleId)).doc(String(index));

export const holderRef = (db: Firestore, raffleId: string, uid: string) =>
  db.collection(holdersPath(raffleId)).doc(uid);

export function readShard(snapshot: DocumentSnapshot): Shard {
  return parseDocument(shardSchema, snapshot.data(), snapshot.id);
}

export function readHolder(snapshot: DocumentSnapshot): Holder {
  return snapshot.exists
    ? parseDocument(holderSchema, snapshot.data(), snapshot.id)
    : { owned: 0, holds: {} };
}

/** How many shards a raffle's pool has (they are numbered 0…n-1). */
export async function existingShardCount(db: Firestore, raffleId: string): Promise<number> {
  return (await db.collection(shardsPath(raffleId)).count().get()).data().count;
}

/**
 * Creates a raffle's pool shards if it has none yet (raffles get them when created; this
 * covers older ones). Safe to race: the shards are created in one batch of `create`s, which
 * fails as a whole if another request created them first, and that is then fine.
 */
export async function ensureShards(
  db: Firestore,
  raffleId: string,
  maxTickets: number,
): Promise<void> {
  if ((await existingShardCount(db, raffleId)) > 0) return;
  const batch = db.batch();
  for (const shard of shardLayout(maxTickets, shardCount())) {
    batch.create(shardRef(db, raffleId, shard.index), {
      ...shard,
      sold: 0,
      holds: {},
      taken: [],
      freed: [],
    });
  }
  try {
    await batch.commit();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    // ALREADY_EXISTS or ABORTED: another checkout created the pool at the same moment.
    if (code !== 6 && code !== 10) throw error;
  }
}

/**
 * A raffle's pool as `read` reads it, created first if the raffle has none yet (raffles get
 * one when created; this covers older ones and raffles written directly).
 */
export async function readOrCreatePool(
  db: Firestore,
  raffle: { id: string; maxTickets: number },
  read: () => Promise<QuerySnapshot>,
): Promise<QuerySnapshot> {
  const snapshot = await read();
  if (!snapshot.empty) return snapshot;
  await ensureShards(db, raffle.id, raffle.maxTickets);
  return read();
}
