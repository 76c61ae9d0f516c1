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
    const since = now.getTime() - limit.windowMs;
    const recent = ((await tx.get(ref)).data()?.hits ?? []).filter(
      (hit: Date) => hit.getTime() > since,
    );
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
