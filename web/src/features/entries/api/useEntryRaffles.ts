import {
  ENTRY_LIST_RAFFLES_PER_PAGE,
  rafflesCollection,
  type Raffle,
  type RaffleCategory,
} from '@rafflewin/domain';
import type { QueryDocumentSnapshot } from 'firebase/firestore';
import { useCallback, useEffect, useState } from 'react';
import { loadFirestore } from '@/lib/live';
import type { LoadStatus } from '@/lib/realtime';

interface State {
  status: LoadStatus;
  raffles: Raffle[];
  cursor: QueryDocumentSnapshot<Raffle> | null;
  more: boolean;
}

const START: State = { status: 'loading', raffles: [], cursor: null, more: false };

/**
 * Raffles that have entries (of some categories, or all), latest draw date first, a few at a
 * time: `loadMore` reads the next few after a cursor. Never the whole collection.
 */
export function useEntryRaffles(categories: readonly RaffleCategory[] | null) {
  const [state, setState] = useState<State>(START);
  const key = categories?.join(',') ?? '';

  const load = useCallback(
    async (cursor: QueryDocumentSnapshot<Raffle> | null) => {
      // The pager loads with the SDK it drives, not in the page's first load.
      const [{ collection, db, orderBy, query, shopConverters, where }, { readPage }] =
        await Promise.all([loadFirestore(), import('@/lib/pagedQuery')]);
      const entered = query(
        collection(db, rafflesCollection).withConverter(shopConverters.raffle),
        where('active', '==', true),
        where('soldTickets', '>', 0),
        ...(key ? [where('category', 'in', key.split(','))] : []),
        orderBy('endDate', 'desc'),
      );
      const page = await readPage(entered, ENTRY_LIST_RAFFLES_PER_PAGE, cursor ?? undefined);
      return { raffles: page.items, cursor: page.last ?? null, more: page.hasNext };
    },
    [key],
  );

  useEffect(() => {
    let live = true;
    setState(START);
    load(null)
      .then((page) => live && setState({ status: 'success', ...page }))
      .catch(() => live && setState({ ...START, status: 'error' }));
    return () => {
      live = false;
    };
  }, [load]);

  const loadMore = useCallback(async () => {
    if (!state.cursor) return;
    try {
      const page = await load(state.cursor);
      setState((s) => ({ status: 'success', ...page, raffles: [...s.raffles, ...page.raffles] }));
    } catch {
      setState((s) => ({ ...s, status: 'error' }));
    }
  }, [load, state.cursor]);

  return { ...state, loadMore };
}
