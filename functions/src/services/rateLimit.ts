import { ShopError, type RateLimit } from '@rafflewin/domain';
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
  const id = sha256Hex(key);
  const ref = rateLimitRef(db, id);
  return db.runTransaction(async (tx) => {
    const recent = hitsWithin((await tx.get(ref)).data()?.hits ?? [], limit, now);
    if (recent.length >= limit.max) return false;
    tx.set(ref, {
      id,
      hits: [...recent, now],
      // For a TTL policy on `expiresAt` in production: nothing is kept past the window.
      expiresAt: new Date(now.getTime() + limit.windowMs),
    });
    return true;
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

/** Like `takeRateLimit`, but refuses with `resource-exhausted` and the limit's message. */
export async function enforceRateLimit(
  db: Firestore,
  key: string,
  limit: RateLimit,
  now = new Date(),
): Promise<void> {
  if (!(await takeRateLimit(db, key, limit, now))) {
    throw new ShopError('resource-exhausted', limit.message);
  }
}
