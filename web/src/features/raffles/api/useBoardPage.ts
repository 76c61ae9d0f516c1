import {
  boardPageQuery,
  numberStates,
  shardSchema,
  shardsPath,
  type NumberState,
} from '@rafflewin/domain';
import { useMemo } from 'react';
import { useNow } from '@/hooks/useNow';
import { converterFor } from '@/lib/converters';
import { useWithFirestore } from '@/lib/live';
import { useQueryData, type LoadStatus } from '@/lib/realtime';

const shardConverter = converterFor(shardSchema);

/** Reservations lapse while the board is open: their numbers free up within this long. */
const HOLD_EXPIRY_REFRESH_MS = 30_000;

/**
 * Board page `page` of a raffle with number picking, live: each number's state, read from the
 * pool's shards that cover it (boardPageQuery says which: one or two of a big pool, up to a
 * dozen of a small one). A raffle whose pool is not laid out yet has no shards and nothing
 * reserved: all free.
 */
export function useBoardPage(
  raffleId: string,
  maxTickets: number,
  page: number,
): { status: LoadStatus; from: number; to: number; states: NumberState[] } {
  const { from, to, startAfter, limit: most } = boardPageQuery(page, maxTickets);
  const q = useWithFirestore(
    ({ db, collection, limit, orderBy, query, where }) =>
      query(
        collection(db, shardsPath(raffleId)).withConverter(shardConverter),
        where('start', '>', startAfter),
        where('start', '<=', to),
        orderBy('start', 'desc'),
        limit(most),
      ),
    [raffleId, startAfter, to, most],
  );
  const { status, data } = useQueryData(q);
  const now = useNow(HOLD_EXPIRY_REFRESH_MS);
  const states = useMemo(() => {
    if (status !== 'success') return [];
    if (data.length === 0) return Array.from({ length: to - from + 1 }, () => 'free' as const);
    return numberStates(data, from, to, now);
  }, [status, data, from, to, now]);
  return { status, from, to, states };
}
