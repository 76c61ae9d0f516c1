import { RATE_LIMITED, ShopError, type RateLimit } from '@rafflewin/domain';
import { sha256Hex } from '../lib/hash';
import type { Firestore } from 'firebase-admin/firestore';
import { rateLimitRef } from '../lib/collections';

/**
 * Counts a request against a sliding window: at most `limit.max` requests per `key` within
 * `limit.windowMs`. Returns false (and records nothing) when the window is full. Keys are
 * hashed, so e-mail addresses and IPs are not stored in the clear.
 */
export async function takeRateLimit(
  db: Firestore,
  key: string,
  limit: RateLimit,
  now = new Date(),
): Promise<boolean> {
  return (await takeOrWait(db, key, limit, now)) === 0;
}

/** Counts the request as `takeRateLimit` does; when the window is full, how long until it is not. */
async function takeOrWait(
  db: Firestore,
  key: string,
  limit: RateLimit,
  now: Date,
): Promise<number> {
  const id = sha256Hex(key);
  const ref = rateLimitRef(db, id);
  return db.runTransaction(async (tx) => {
    const recent = hitsWithin((await tx.get(ref)).data()?.hits ?? [], limit, now);
    if (recent.length >= limit.max) return untilRoom(recent, limit, now);
    tx.set(ref, {
      id,
      hits: [...recent, now],
      // For a TTL policy on `expiresAt` in production: nothing is kept past the window.
      expiresAt: new Date(now.getTime() + limit.windowMs),
    });
    return 0;
  });
}

/**
 * True when `key`'s window is already full. It only looks (nothing is recorded), for a caller
 * that must refuse before it changes anything and counts the request later, with
 * `takeRateLimit`, once it knows the request is one the limit counts.
 */
export async function rateLimitReached(
  db: Firestore,
  key: string,
  limit: RateLimit,
  now = new Date(),
): Promise<boolean> {
  const hits = (await rateLimitRef(db, sha256Hex(key)).get()).data()?.hits ?? [];
  return hitsWithin(hits, limit, now).length >= limit.max;
}

const hitsWithin = (hits: Date[], limit: RateLimit, now: Date) =>
  hits.filter((hit) => hit.getTime() > now.getTime() - limit.windowMs);

/** A full window's wait (ms, at least 1) until enough of its hits have left it for one more. */
function untilRoom(recent: Date[], limit: RateLimit, now: Date): number {
  const times = recent.map((hit) => hit.getTime()).sort((a, b) => a - b);
  const leavesLast = times[times.length - limit.max] ?? now.getTime();
  return Math.max(1, leavesLast + limit.windowMs - now.getTime());
}

/**
 * Like `takeRateLimit`, but refuses with `resource-exhausted` and the limit's message. With
 * `sayWhen`, the refusal also says when the window has room again (reason `rate-limited`,
 * `retryAfterSeconds`), for a form that counts down to it.
 */
export async function enforceRateLimit(
  db: Firestore,
  key: string,
  limit: RateLimit,
  now = new Date(),
  { sayWhen = false }: { sayWhen?: boolean } = {},
): Promise<void> {
  const wait = await takeOrWait(db, key, limit, now);
  if (wait === 0) return;
  if (!sayWhen) throw new ShopError('resource-exhausted', limit.message);
  throw new ShopError('resource-exhausted', limit.message, RATE_LIMITED, {
    retryAfterSeconds: Math.ceil(wait / 1000),
  });
}
