import { z } from 'zod';

/**
 * A raffle's ticket pool is split into shards: ranges of ticket numbers, each with its own
 * counter document, so concurrent buyers of one raffle write different documents (Firestore
 * sustains about one write per second on a single document). See the README.
 */
export const DEFAULT_SHARD_COUNT = 10;

/**
 * The most numbers one shard covers: bigger pools get more shards, so a shard's lists of
 * numbers stay small enough to read as one page of the number board (numberPicking.ts).
 */
export const MAX_SHARD_SIZE = 10_000;

/** Shards for a pool of `maxTickets`: at least `count`, and none above MAX_SHARD_SIZE. */
export function poolShardCount(maxTickets: number, count = DEFAULT_SHARD_COUNT): number {
  return Math.max(count, Math.ceil(maxTickets / MAX_SHARD_SIZE));
}

/**
 * A pending reservation's claim: how many tickets, until when, and in a raffle with number
 * picking the very numbers it holds (picked, or drawn by lucky dip), issued exactly as held.
 */
export const holdSchema = z.object({
  quantity: z.number().int().positive(),
  expiresAt: z.date(),
  numbers: z.array(z.number().int().positive()).optional(),
});
export type Hold = z.infer<typeof holdSchema>;

const ticketNumbers = z.array(z.number().int().positive());

/**
 * `raffles/{id}/shards/{index}`: tickets `start`…`start + size - 1`. `sold` numbers have been
 * issued; `holds` are pending reservations by checkout session id. Expired holds no longer
 * count and are pruned whenever the shard is next written.
 *
 * Numbers are issued in sequence from `start`, up to a frontier. Administrators can also place
 * a ticket on a chosen number, move one, or delete one, so the issued numbers are: every number
 * below the frontier except those in `freed`, plus those in `taken` (at or above it). Sequential
 * issuance reuses `freed` numbers first and steps over `taken` ones, so a number is never issued
 * twice whoever issues it. Older shards without these lists have none.
 */
export const shardSchema = z.object({
  index: z.number().int().nonnegative(),
  start: z.number().int().positive(),
  size: z.number().int().nonnegative(),
  sold: z.number().int().nonnegative(),
  holds: z.record(z.string(), holdSchema),
  /** Issued numbers at or above the frontier (placed out of sequence), ascending. */
  taken: ticketNumbers.default([]),
  /** Free numbers below the frontier (their tickets were deleted or moved), ascending. */
  freed: ticketNumbers.default([]),
  /** Set when the raffle is drawn or cancelled: no payment issues numbers here after that. */
  closed: z.boolean().optional(),
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
  const shards = Math.max(1, Math.min(poolShardCount(maxTickets, count), maxTickets));
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

/** The numbers named by holds that have not expired at `now`. */
export function heldNumbers(holds: Record<string, Hold>, now: Date): Set<number> {
  const held = new Set<number>();
  for (const hold of Object.values(holds)) {
    if (hold.expiresAt.getTime() > now.getTime()) hold.numbers?.forEach((n) => held.add(n));
  }
  return held;
}

/** Tickets a shard can still reserve at `now`. */
export function shardAvailable(shard: Pick<Shard, 'size' | 'sold' | 'holds'>, now: Date): number {
  return Math.max(0, shard.size - shard.sold - activeHeld(shard.holds, now));
}

/** What says which of a shard's numbers are issued. */
export type ShardNumbers = Pick<Shard, 'start' | 'size' | 'sold' | 'taken' | 'freed'>;

/** The first number sequential issuance has not reached yet. */
export function shardFrontier(shard: ShardNumbers): number {
  return shard.start + shard.sold - shard.taken.length + shard.freed.length;
}

/** Whether `ticketNumber` falls in the shard's range. */
export function shardCovers(shard: Pick<Shard, 'start' | 'size'>, ticketNumber: number): boolean {
  return ticketNumber >= shard.start && ticketNumber < shard.start + shard.size;
}

/** Whether `ticketNumber` (in the shard's range) has been issued to a ticket. */
export function isNumberIssued(shard: ShardNumbers, ticketNumber: number): boolean {
  return ticketNumber < shardFrontier(shard)
    ? !shard.freed.includes(ticketNumber)
    : shard.taken.includes(ticketNumber);
}

/**
 * Up to `quantity` of the shard's free numbers at or above `min`, lowest first: holes left
 * below the frontier, then numbers from the frontier on, stepping over those already taken
 * and those in `skip` (numbers other reservations hold by name).
 */
export function lowestFreeNumbers(
  shard: ShardNumbers,
  quantity: number,
  min = 1,
  skip: ReadonlySet<number> = new Set(),
): number[] {
  const found: number[] = [];
  for (const n of [...shard.freed].sort((a, b) => a - b)) {
    if (found.length >= quantity) return found;
    if (n >= min && !skip.has(n)) found.push(n);
  }
  const taken = new Set(shard.taken);
  const end = shard.start + shard.size;
  for (let n = Math.max(shardFrontier(shard), min); n < end && found.length < quantity; n += 1) {
    if (!taken.has(n) && !skip.has(n)) found.push(n);
  }
  return found;
}

/** Every free number of the shard (not issued, not held by name at `now`), ascending. */
export function freeNumbers(shard: Shard, now: Date): number[] {
  return lowestFreeNumbers(shard, shard.size, shard.start, heldNumbers(shard.holds, now));
}

/** How many of the shard's numbers at or above `min` are free (ignoring holds). */
export function freeNumbersFrom(shard: ShardNumbers, min: number): number {
  const low = Math.max(shard.start, min);
  const end = shard.start + shard.size;
  if (low >= end) return 0;
  const frontier = shardFrontier(shard);
  const issuedBelowFrontier =
    Math.max(0, Math.min(frontier, end) - low) - shard.freed.filter((n) => n >= low).length;
  const issuedAbove = shard.taken.filter((n) => n >= low).length;
  return end - low - issuedBelowFrontier - issuedAbove;
}

const ascending = (numbers: Iterable<number>) => [...numbers].sort((a, b) => a - b);

/**
 * The shard's numbers after issuing `numbers`, which must be free numbers of its range (throws
 * otherwise). Taken numbers the frontier reaches join the sequence, so the lists stay short.
 */
export function withNumbersIssued<S extends ShardNumbers>(shard: S, numbers: number[]): S {
  const frontier = shardFrontier(shard);
  const taken = new Set(shard.taken);
  const freed = new Set(shard.freed);
  for (const n of numbers) {
    const free = n < frontier ? freed.has(n) : !taken.has(n);
    if (!shardCovers(shard, n) || !free) throw new Error(`Ticket number ${n} is not free`);
    if (n < frontier) freed.delete(n);
    else taken.add(n);
  }
  let reached = frontier;
  while (taken.delete(reached)) reached += 1;
  return {
    ...shard,
    sold: shard.sold + numbers.length,
    taken: ascending(taken),
    freed: ascending(freed),
  };
}

/**
 * The shard's numbers after releasing `numbers`, which must be issued numbers of its range
 * (throws otherwise). Free numbers just below the frontier pull it back.
 */
export function withNumbersFreed<S extends ShardNumbers>(shard: S, numbers: number[]): S {
  const frontier = shardFrontier(shard);
  const taken = new Set(shard.taken);
  const freed = new Set(shard.freed);
  for (const n of numbers) {
    const issued = n < frontier ? !freed.has(n) : taken.has(n);
    if (!shardCovers(shard, n) || !issued) throw new Error(`Ticket number ${n} is not issued`);
    if (n < frontier) freed.add(n);
    else taken.delete(n);
  }
  let reached = frontier;
  while (freed.delete(reached - 1)) reached -= 1;
  return {
    ...shard,
    sold: shard.sold - numbers.length,
    taken: ascending(taken),
    freed: ascending(freed),
  };
}

/** Ascending numbers as runs of consecutive numbers: [1, 2, 3, 7] → 1…3 and 7…7. */
export function numberRuns(numbers: number[]): Array<{ from: number; to: number }> {
  const runs: Array<{ from: number; to: number }> = [];
  for (const n of ascending(new Set(numbers))) {
    const last = runs[runs.length - 1];
    if (last && last.to + 1 === n) last.to = n;
    else runs.push({ from: n, to: n });
  }
  return runs;
}

/** Whether a pool, resized by `plan`, still sells ticket number `n`. */
export function poolCovers(shards: Shard[], plan: PoolResize, n: number): boolean {
  const sizes = new Map(plan.resized.map(({ index, size }) => [index, size]));
  return [...shards.map((s) => ({ ...s, size: sizes.get(s.index) ?? s.size })), ...plan.added].some(
    (shard) => n >= shard.start && n < shard.start + shard.size,
  );
}

/** How a pool changes when a raffle's maximum changes: shards resized and shards added. */
export interface PoolResize {
  resized: Array<{ index: number; size: number }>;
  added: Array<{ index: number; start: number; size: number }>;
}

/**
 * Resizes a pool to `maxTickets` without touching a sold or held ticket (a number held by name
 * included). More tickets first fill the room an earlier cut took from a shard below another
 * (so 100 → 60 → 100 numbers 1 to 100 again), then become new shards above the highest number
 * (spread like a new pool, so buyers still spread out); fewer tickets come off the top shards'
 * unsold, unheld room first. Returns null when the pool cannot shrink that far (more tickets
 * are taken than `maxTickets`).
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
    let needed = maxTickets - total;
    const resized: Array<{ index: number; size: number }> = [];
    const byStart = [...shards].sort((a, b) => a.start - b.start);
    byStart.forEach((shard, i) => {
      const next = byStart[i + 1];
      const gap = next ? next.start - (shard.start + shard.size) : 0;
      const grow = Math.min(Math.max(0, gap), needed);
      if (grow === 0) return;
      needed -= grow;
      resized.push({ index: shard.index, size: shard.size + grow });
    });
    if (needed === 0) return { resized, added: [] };
    const top = shards.reduce((end, shard) => Math.max(end, shard.start + shard.size), 1);
    const nextIndex = shards.reduce((next, shard) => Math.max(next, shard.index + 1), 0);
    const added = shardLayout(needed, count).map((shard) => ({
      index: nextIndex + shard.index,
      start: top + shard.start - 1,
      size: shard.size,
    }));
    return { resized, added };
  }
  let excess = total - maxTickets;
  const resized: Array<{ index: number; size: number }> = [];
  for (const shard of [...shards].sort((a, b) => b.start - a.start)) {
    if (excess === 0) break;
    // Only numbers above the highest issued (in sequence or placed by hand) or held by name
    // (a picked number on its way to being paid for) can go.
    const highestIssued = Math.max(
      shardFrontier(shard) - 1,
      ...shard.taken,
      ...heldNumbers(shard.holds, now),
    );
    const aboveIssued = shard.start + shard.size - 1 - Math.max(highestIssued, shard.start - 1);
    const cut = Math.min(shardAvailable(shard, now), aboveIssued, excess);
    if (cut === 0) continue;
    excess -= cut;
    resized.push({ index: shard.index, size: shard.size - cut });
  }
  return excess === 0 ? { resized, added: [] } : null;
}
