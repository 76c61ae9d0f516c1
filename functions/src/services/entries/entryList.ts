import { CHECKOUT_MESSAGES, RATE_LIMITS, ShopError, valueAtRank } from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { entriesRef, raffleRef } from '../../lib/collections';
import { enforceRateLimit } from '../rateLimit';

/** The rate-limit key of an account's entry-list counts and jumps (both callables share it). */
export const entryListLimitKey = (uid: string) => `entry-list:${uid}`;

/** Counts one more of the account's entry-list requests, refusing past RATE_LIMITS.entryList. */
export const takeEntryListRequest = (db: Firestore, uid: string) =>
  enforceRateLimit(db, entryListLimitKey(uid), RATE_LIMITS.entryList);

/** Whether a raffle's entry list is public: as the rules' isListedRaffle, switched on. */
const isListed = (raffle: { active: boolean } | undefined) => raffle?.active === true;

/**
 * How many entries each public entry list among `raffleIds` holds (a count query each, billed
 * a read per 1,000 entries); a raffle whose list is not public, or that does not exist, is left
 * out.
 */
export async function entryTotals(
  db: Firestore,
  raffleIds: readonly string[],
): Promise<Record<string, number>> {
  const ids = [...new Set(raffleIds)];
  const raffles = await Promise.all(ids.map((id) => raffleRef(db, id).get()));
  const listed = raffles.filter((snapshot) => isListed(snapshot.data())).map((s) => s.id);
  const counts = await Promise.all(
    listed.map(async (id) => (await entriesRef(db, id).count().get()).data().count),
  );
  return Object.fromEntries(listed.map((id, index) => [id, counts[index]!]));
}

/**
 * The ticket number at `rank` (0-based) of a public entry list sorted by ticket number, found
 * by binary search over count queries (about log2 of the highest number), never by reading the
 * entries before it; null when the list holds `rank` entries or fewer. `onCount` hears each
 * count's answer (the benchmark adds up what they are billed).
 */
export async function entryAtRank(
  db: Firestore,
  raffleId: string,
  rank: number,
  onCount: (counted: number) => void = () => {},
): Promise<number | null> {
  if (!isListed((await raffleRef(db, raffleId).get()).data())) {
    throw new ShopError('not-found', CHECKOUT_MESSAGES.raffleNotFound, 'raffle-unavailable');
  }
  const entries = entriesRef(db, raffleId);
  const [highest] = (await entries.orderBy('ticketNumber', 'desc').limit(1).get()).docs;
  if (!highest) return null;
  const countBelow = async (value: number) => {
    const { count } = (await entries.where('ticketNumber', '<', value).count().get()).data();
    onCount(count);
    return count;
  };
  return valueAtRank(rank, 1, highest.data().ticketNumber, countBelow);
}
