import { z } from 'zod';
import { rafflePath } from './raffles';

/**
 * A raffle's ticket pool is split into shards: ranges of ticket numbers, each with its own
 * counter document, so concurrent buyers of one raffle write different documents (Firestore
 * sustains about one write per second on a single document). See the README.
 */
export const DEFAULT_SHARD_COUNT = 10;

export const shardsPath = (raffleId: string) => `${rafflePath(raffleId)}/shards`;
export const holdersPath = (raffleId: string) => `${rafflePath(raffleId)}/holders`;

/** A pending reservation's claim: how many tickets, until when. */
export const holdSchema = z.object({
  quantity: z.number().int().positive(),
  expiresAt: z.date(),
});
export type Hold = z.infer<typeof holdSchema>;

/**
 * `raffles/{id}/shards/{index}`: tickets `start`…`start + size - 1`. `sold` numbers have been
 * issued (sequentially from `start`); `holds` are pending reservations by checkout session id.
 * Expired holds no longer count and are pruned whenever the shard is next written.
 */
export const shardSchema = z.object({
  index: z.number().int().nonnegative(),
  start: z.number().int().positive(),
  size: z.number().int().nonnegative(),
  sold: z.number().int().nonnegative(),
  holds: z.record(z.string(), holdSchema),
});
export type Shard = z.infer<typeof shardSchema>;

/**
 * `raffles/{id}/holders/{uid}`: one customer's tickets in one raffle, for the per-user limit
 * without counting their tickets on every checkout.
 */
export const holderSchema = z.object({
  owned: z.number().int().nonnegative(),
  holds: z.record(z.string(), holdSchema),
});
export type Holder = z.infer<typeof holderSchema>;

/** Splits `maxTickets` numbers (from 1) into `count` contiguous ranges as even as possible. */
export function shardLayout(
  maxTickets: number,
  count = DEFAULT_SHARD_COUNT,
): Array<{ index: number; start: number; size: number }> {
  const shards = Math.max(1, Math.min(count, maxTickets));
  const base = Math.floor(maxTickets / shards);
  const extra = maxTickets % shards;
  const layout: Array<{ index: number; start: number; size: number }> = [];
  let start = 1;
  for (let index = 0; index < shards; index += 1) {
    const size = base + (index < extra ? 1 : 0);
    layout.push({ index, start, size });
    start += size;
  }
  return layout;
}

/** The quantity of holds that have not expired at `now`. */
export function activeHeld(holds: Record<string, Hold>, now: Date): number {
  return Object.values(holds).reduce(
    (sum, hold) => (hold.expiresAt.getTime() > now.getTime() ? sum + hold.quantity : sum),
    0,
  );
}

/** Holds without the expired ones. */
export function pruneHolds(holds: Record<string, Hold>, now: Date): Record<string, Hold> {
  return Object.fromEntries(
    Object.entries(holds).filter(([, hold]) => hold.expiresAt.getTime() > now.getTime()),
  );
}

/** Tickets a shard can still reserve at `now`. */
export function shardAvailable(shard: Shard, now: Date): number {
  return Math.max(0, shard.size - shard.sold - activeHeld(shard.holds, now));
}

/** How a pool changes when a raffle's maximum changes: shards resized and shards added. */
export interface PoolResize {
  resized: Array<{ index: number; size: number }>;
  added: Array<{ index: number; start: number; size: number }>;
}

/**
 * Resizes a pool to `maxTickets` without touching a sold or held ticket. More tickets become
 * new shards above the highest number (spread like a new pool, so buyers still spread out);
 * fewer tickets come off the top shards' unsold, unheld room first. Returns null when the
 * pool cannot shrink that far (more tickets are taken than `maxTickets`).
 */
export function planPoolResize(
  shards: Shard[],
  maxTickets: number,
  now: Date,
  count = DEFAULT_SHARD_COUNT,
): PoolResize | null {
  const total = shards.reduce((sum, shard) => sum + shard.size, 0);
  if (maxTickets === total) return { resized: [], added: [] };
  if (maxTickets > total) {
    const top = shards.reduce((end, shard) => Math.max(end, shard.start + shard.size), 1);
    const nextIndex = shards.reduce((next, shard) => Math.max(next, shard.index + 1), 0);
    const added = shardLayout(maxTickets - total, count).map((shard) => ({
      index: nextIndex + shard.index,
      start: top + shard.start - 1,
      size: shard.size,
    }));
    return { resized: [], added };
  }
  let excess = total - maxTickets;
  const resized: Array<{ index: number; size: number }> = [];
  for (const shard of [...shards].sort((a, b) => b.start - a.start)) {
    if (excess === 0) break;
    const cut = Math.min(shardAvailable(shard, now), excess);
    if (cut === 0) continue;
    excess -= cut;
    resized.push({ index: shard.index, size: shard.size - cut });
  }
  return excess === 0 ? { resized, added: [] } : null;
}
