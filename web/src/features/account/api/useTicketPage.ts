import {
  MY_TICKETS_PAGE_SIZE,
  ticketSchema,
  ticketsCollection,
  type RaffleCategory,
  type Ticket,
} from '@rafflewin/domain';
import {
  getCountFromServer,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  where,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { typedCollection } from '@/lib/firestore';
import type { LoadStatus } from '@/lib/realtime';

const tickets = typedCollection(ticketsCollection, ticketSchema);

interface State {
  status: LoadStatus;
  tickets: Ticket[];
  /** Total tickets in this tab (a count query), for "Page 1 of N". */
  total: number | null;
  hasNext: boolean;
}

/**
 * One page of the customer's tickets, 10 at a time, read from Firestore with cursors (never
 * every ticket): grouped by category, then raffle (latest draw first), then ticket number, so
 * a raffle's tickets are contiguous across pages. `category` null is every category. Give
 * the component using it a `key` per uid and category: a new tab starts at page 1.
 */
export function useTicketPage(uid: string, category: RaffleCategory | null) {
  const base = useMemo(
    () =>
      query(
        tickets,
        where('userId', '==', uid),
        ...(category ? [where('raffle.category', '==', category)] : []),
      ),
    [uid, category],
  );
  // The cursor each page starts after (page 0: none); pages are visited in order.
  const [cursors, setCursors] = useState<Array<QueryDocumentSnapshot<Ticket> | null>>([null]);
  const [last, setLast] = useState<QueryDocumentSnapshot<Ticket> | null>(null);
  const [state, setState] = useState<State>({
    status: 'loading',
    tickets: [],
    total: null,
    hasNext: false,
  });
  const page = cursors.length - 1;
  const cursor = cursors[page] ?? null;

  useEffect(() => {
    let live = true;
    getCountFromServer(base)
      .then((snapshot) => live && setState((s) => ({ ...s, total: snapshot.data().count })))
      .catch(() => live && setState((s) => ({ ...s, total: null })));
    return () => {
      live = false;
    };
  }, [base]);

  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, status: 'loading' }));
    const q = query(
      base,
      ...(category ? [] : [orderBy('raffle.category')]),
      orderBy('raffle.endDate', 'desc'),
      orderBy('raffleId'),
      orderBy('ticketNumber'),
      ...(cursor ? [startAfter(cursor)] : []),
      limit(MY_TICKETS_PAGE_SIZE + 1),
    );
    getDocs(q)
      .then((snapshot) => {
        if (!live) return;
        const docs = snapshot.docs.slice(0, MY_TICKETS_PAGE_SIZE);
        setLast(docs.at(-1) ?? null);
        setState((s) => ({
          ...s,
          status: 'success',
          tickets: docs.map((d) => d.data()),
          hasNext: snapshot.docs.length > MY_TICKETS_PAGE_SIZE,
        }));
      })
      .catch(() => live && setState((s) => ({ ...s, status: 'error', tickets: [] })));
    return () => {
      live = false;
    };
  }, [base, category, cursor]);

  const next = useCallback(() => {
    if (state.hasNext && last) setCursors((c) => [...c, last]);
  }, [state.hasNext, last]);
  const previous = useCallback(() => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c)), []);

  return { ...state, page, next, previous };
}
