import {
  ShopError,
  CHECKOUT_MESSAGES,
  PICK_MESSAGES,
  freeNumbers,
  hasEnded,
  hasStarted,
  heldNumbers,
  isNumberIssued,
  lowestFreeNumbers,
  pickProblem,
  shardAvailable,
  shardCovers,
  shardsPath,
  type Raffle,
  type Shard,
  type UnavailableBecause,
  offersNumberPicking,
} from '@rafflewin/domain';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { readOrCreatePool, readShard, shardRef } from './shards';
import { raffleRef } from '../../lib/collections';

/**
 * Number picking and lucky dip on the pool's shards (domain/src/numberPicking.ts). A checkout
 * or a dip reads the pool's layout (each shard's range and sold count, a few bytes each) and
 * then only the shards whose numbers it names or draws, so a 1,000,000-number pool is never
 * read whole on the way to a sale.
 */

/** One shard's range and sold count. */
export interface ShardLayout {
  index: number;
  start: number;
  size: number;
  sold: number;
}

/** A shard read whole, with the snapshot its write is conditioned on. */
export interface ShardState {
  snapshot: DocumentSnapshot;
  shard: Shard;
}

/** A shard as picking reads it: with the numbers its unexpired holds name, worked out once. */
interface PickingShard extends ShardState {
  held: ReadonlySet<number>;
}

/** The pool's shards without their lists (created on first use, like the checkout's pool). */
export async function readPoolLayout(db: Firestore, raffle: Raffle): Promise<ShardLayout[]> {
  const snapshot = await readOrCreatePool(db, raffle, () =>
    db.collection(shardsPath(raffle.id)).select('index', 'start', 'size', 'sold').get(),
  );
  return snapshot.docs
    .map((doc) => ({
      index: Number(doc.get('index')),
      start: Number(doc.get('start')),
      size: Number(doc.get('size')),
      sold: Number(doc.get('sold')),
    }))
    .sort((a, b) => a.start - b.start);
}

/** Reads shards whole on demand, each once. */
export class ShardReader {
  private readonly read = new Map<number, Promise<PickingShard>>();

  constructor(
    private readonly db: Firestore,
    private readonly raffleId: string,
    readonly layout: ShardLayout[],
    /** Holds are counted as of this moment. */
    readonly now: Date,
  ) {}

  /** The shard covering `ticketNumber`, or undefined when the pool does not. */
  indexOf(ticketNumber: number): number | undefined {
    return this.layout.find((shard) => shardCovers(shard, ticketNumber))?.index;
  }

  get(index: number): Promise<PickingShard> {
    let state = this.read.get(index);
    if (!state) {
      state = shardRef(this.db, this.raffleId, index)
        .get()
        .then((snapshot) => {
          const shard = readShard(snapshot);
          return { snapshot, shard, held: heldNumbers(shard.holds, this.now) };
        });
      this.read.set(index, state);
    }
    return state;
  }

  /** Every shard read so far. */
  async all(): Promise<PickingShard[]> {
    return Promise.all(this.read.values());
  }
}

/** Whether `ticketNumber` is free to hold: not issued, not held by name. */
function isFree(state: PickingShard, ticketNumber: number): boolean {
  return !isNumberIssued(state.shard, ticketNumber) && !state.held.has(ticketNumber);
}

/**
 * `count` free numbers drawn uniformly at random, none of them in `exclude`. A shard is chosen
 * with weight its unissued numbers (from the layout), then one of those numbers at random; a
 * number held or already chosen is drawn again. So each free number is equally likely,
 * wherever it is, and only the shards drawn from are read. A shard whose room is used up (by
 * the numbers in `exclude` there, those chosen, and holds that name no numbers, made before
 * the raffle offered picking) gives no more. When draws keep missing (a nearly sold-out pool),
 * the rest comes from every free number read out of the whole pool. Refuses with how many are
 * free when there are not enough.
 */
export async function drawFreeNumbers(
  reader: ShardReader,
  count: number,
  exclude: ReadonlySet<number>,
  random: () => number = Math.random,
): Promise<number[]> {
  const chosen = new Set<number>();
  const used = new Map<number, number>();
  const use = (index: number) => used.set(index, (used.get(index) ?? 0) + 1);
  for (const n of exclude) {
    const index = reader.indexOf(n);
    if (index !== undefined) use(index);
  }
  const hasRoom = ({ shard }: PickingShard) =>
    shardAvailable(shard, reader.now) > (used.get(shard.index) ?? 0);
  const weights = reader.layout.map((shard) => Math.max(0, shard.size - shard.sold));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const unissued = new Map<number, number[]>();
  let misses = 0;
  while (chosen.size < count && total > 0 && misses < 20 * count + 200) {
    let pick = random() * total;
    let at = 0;
    while (at < weights.length - 1 && pick >= weights[at]!) pick -= weights[at++]!;
    const { index } = reader.layout[at]!;
    const state = await reader.get(index);
    let numbers = unissued.get(index);
    if (!numbers) {
      numbers = lowestFreeNumbers(state.shard, state.shard.size, state.shard.start);
      unissued.set(index, numbers);
    }
    const n = numbers[Math.floor(random() * numbers.length)];
    if (
      n === undefined ||
      chosen.has(n) ||
      exclude.has(n) ||
      !isFree(state, n) ||
      !hasRoom(state)
    ) {
      misses += 1;
      continue;
    }
    chosen.add(n);
    use(index);
  }
  if (chosen.size < count) {
    // Few numbers left: list them all and draw from the list.
    const states = await Promise.all(reader.layout.map((shard) => reader.get(shard.index)));
    const free = states.flatMap((state) =>
      freeNumbers(state.shard, reader.now)
        .filter((n) => !exclude.has(n) && !chosen.has(n))
        .map((n) => ({ n, state })),
    );
    for (let i = 0; i < free.length && chosen.size < count; i += 1) {
      const j = i + Math.floor(random() * (free.length - i));
      [free[i], free[j]] = [free[j]!, free[i]!];
      const { n, state } = free[i]!;
      if (!hasRoom(state)) continue;
      chosen.add(n);
      use(state.shard.index);
    }
    if (chosen.size < count) {
      throw new ShopError(
        'failed-precondition',
        PICK_MESSAGES.notEnoughFree(chosen.size),
        'not-enough-numbers',
        { free: chosen.size },
      );
    }
  }
  return [...chosen].sort((a, b) => a - b);
}

/** One shard's part of a line: the numbers held there. */
export interface NamedHold extends ShardState {
  numbers: number[];
}

/**
 * The numbers a line of a picking raffle holds: the `picked` ones, checked free (refused with
 * reason `numbers-taken`, naming them, when another reservation or ticket has any), and the
 * rest of `quantity` by lucky dip. Grouped by shard, each with room for its part.
 */
export async function holdPickedNumbers(
  db: Firestore,
  raffle: Raffle,
  picked: number[],
  quantity: number,
  now: Date,
  messages: { soldOut: string; onlyLeft: (n: number) => string } = CHECKOUT_MESSAGES,
): Promise<NamedHold[]> {
  const problem = pickProblem(picked, quantity, raffle.maxTickets);
  if (problem) throw new ShopError('invalid-argument', problem);
  const reader = new ShardReader(db, raffle.id, await readPoolLayout(db, raffle), now);
  const states = await Promise.all(
    picked.map(async (n) => {
      const index = reader.indexOf(n);
      return index === undefined ? null : reader.get(index);
    }),
  );
  const taken = picked.filter((n, i) => {
    const state = states[i];
    return !state || !isFree(state, n);
  });
  if (taken.length > 0) {
    throw new ShopError('failed-precondition', PICK_MESSAGES.taken(taken), 'numbers-taken', {
      raffleId: raffle.id,
      numbers: taken.join(','),
    });
  }
  let dipped: number[];
  try {
    dipped = await drawFreeNumbers(reader, quantity - picked.length, new Set(picked));
  } catch (error) {
    const free = error instanceof ShopError ? error.extra?.free : undefined;
    if (typeof free !== 'number') throw error;
    const left = free + picked.length;
    const why: UnavailableBecause = left === 0 ? 'sold-out' : 'only-left';
    throw new ShopError(
      'failed-precondition',
      left === 0 ? messages.soldOut : messages.onlyLeft(left),
      'raffle-unavailable',
      { raffleId: raffle.id, why },
    );
  }
  const byShard = new Map<number, number[]>();
  for (const n of [...picked, ...dipped]) {
    const index = reader.indexOf(n)!;
    byShard.set(index, [...(byShard.get(index) ?? []), n]);
  }
  return Promise.all(
    [...byShard].map(async ([index, numbers]) => {
      const state = await reader.get(index);
      // Room by count too: a hold from before the raffle offered picking names no numbers. The
      // dip steps over such a shard, so only picked numbers can find it full: they cannot be
      // held now, as if taken.
      if (shardAvailable(state.shard, now) < numbers.length) {
        const short = numbers.filter((n) => picked.includes(n));
        throw new ShopError('failed-precondition', PICK_MESSAGES.taken(short), 'numbers-taken', {
          raffleId: raffle.id,
          numbers: short.join(','),
        });
      }
      return { ...state, numbers: numbers.sort((a, b) => a - b) };
    }),
  );
}

/**
 * A lucky dip before checkout: `quantity` free numbers of a raffle on sale with number
 * picking, drawn uniformly, none of them in `keep`. Nothing is held: the checkout holds them.
 */
export async function luckyDip(
  db: Firestore,
  raffleId: string,
  quantity: number,
  keep: number[],
  now: Date,
): Promise<number[]> {
  const raffle = (await raffleRef(db, raffleId).get()).data();
  if (!raffle?.active) {
    throw new ShopError('not-found', CHECKOUT_MESSAGES.raffleNotFound, 'raffle-unavailable');
  }
  if (!offersNumberPicking(raffle)) {
    throw new ShopError('failed-precondition', PICK_MESSAGES.notOffered);
  }
  if (hasEnded(raffle, now) || !hasStarted(raffle, now) || raffle.drawStatus !== 'pending') {
    throw new ShopError('failed-precondition', CHECKOUT_MESSAGES.ended, 'raffle-unavailable');
  }
  const reader = new ShardReader(db, raffle.id, await readPoolLayout(db, raffle), now);
  return drawFreeNumbers(reader, quantity, new Set(keep));
}
