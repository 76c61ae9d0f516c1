/**
 * Free numbers at random: how a raffle with instant prizes gives numbers, so that where its
 * prizes are (which administrators know) says nothing about who lands on them, and the holes a
 * lowest-first issue would leave do not show where they are.
 */
import {
  freeNumbersFrom,
  heldNumbers,
  isNumberIssued,
  lowestFreeNumbers,
  shardAvailable,
  type Shard,
} from '@rafflewin/domain';
import { randomInt } from 'node:crypto';

/**
 * Up to `quantity` free numbers at or above `min`, at random across the pool (never a number in
 * `skip`, nor one a checkout holds by name, nor more of a shard than the checkouts holding
 * tickets there leave), by shard index. Numbers are drawn from the whole range and the taken
 * ones drawn again, which lists nothing however large the raffle; a pool so full that this
 * keeps missing is shuffled from the list of its free numbers instead.
 */
export function scatteredNumbers(
  pool: Array<{ shard: Shard }>,
  quantity: number,
  min: number,
  skip: ReadonlySet<number>,
  now: Date,
): Map<number, number[]> {
  const shards = pool.map(({ shard }) => ({
    shard,
    low: Math.max(shard.start, min),
    end: shard.start + shard.size,
    room: Math.min(shardAvailable(shard, now), freeNumbersFrom(shard, min)),
    skipped: new Set([...heldNumbers(shard.holds, now), ...skip]),
    picked: new Set<number>(),
  }));
  const span = shards.reduce((sum, { low, end }) => sum + Math.max(0, end - low), 0);
  let left = quantity;
  for (let tries = 0; left > 0 && span > 0 && tries < 20 * quantity + 100; tries += 1) {
    let offset = randomInt(span);
    const at = shards.find(({ low, end }) => {
      if (offset < end - low) return true;
      offset -= Math.max(0, end - low);
      return false;
    })!;
    const number = at.low + offset;
    if (at.picked.size >= at.room || at.picked.has(number) || at.skipped.has(number)) continue;
    if (isNumberIssued(at.shard, number)) continue;
    at.picked.add(number);
    left -= 1;
  }
  if (left > 0) return shuffledFreeNumbers(shards, quantity);
  return new Map(
    shards
      .filter(({ picked }) => picked.size > 0)
      .map(({ shard, picked }) => [shard.index, [...picked].sort((a, b) => a - b)]),
  );
}

/** `scatteredNumbers` for a nearly full pool: its free numbers listed, then shuffled. */
function shuffledFreeNumbers(
  shards: Array<{ shard: Shard; low: number; room: number; skipped: ReadonlySet<number> }>,
  quantity: number,
): Map<number, number[]> {
  const candidates: Array<{ index: number; number: number }> = [];
  for (const { shard, low, skipped } of shards) {
    for (const number of lowestFreeNumbers(shard, shard.size, low, skipped)) {
      candidates.push({ index: shard.index, number });
    }
  }
  const room = new Map(shards.map(({ shard, room }) => [shard.index, room]));
  const picked = new Map<number, number[]>();
  let left = quantity;
  for (let i = 0; i < candidates.length && left > 0; i += 1) {
    const j = randomInt(i, candidates.length);
    [candidates[i], candidates[j]] = [candidates[j]!, candidates[i]!];
    const { index, number } = candidates[i]!;
    const taken = picked.get(index) ?? [];
    if (taken.length >= (room.get(index) ?? 0)) continue;
    picked.set(index, [...taken, number]);
    left -= 1;
  }
  for (const numbers of picked.values()) numbers.sort((a, b) => a - b);
  return picked;
}
