import {
  SUPPORT_CONSTANTS,
  SUPPORT_FILTERS,
  supportTicketSchema,
  supportTicketsCollection,
  type SupportFilterKey,
  type SupportTicket,
} from '@rafflewin/domain';
import {
  collection,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  where,
  type QueryConstraint,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import { useCallback, useEffect, useState } from 'react';
import { db } from '@/lib/firebase';
import { converterFor } from '@/lib/firestore';
import type { LoadStatus } from '@/lib/realtime';

const tickets = collection(db, supportTicketsCollection).withConverter(
  converterFor(supportTicketSchema),
);

const PAGE_SIZE = SUPPORT_CONSTANTS.ticketsPageSize;

interface State {
  status: LoadStatus;
  tickets: SupportTicket[];
  /** The last document of each page read so far: page n starts after cursors[n - 1]. */
  cursors: Array<QueryDocumentSnapshot<SupportTicket>>;
  page: number;
  hasNext: boolean;
}

const START: State = { status: 'loading', tickets: [], cursors: [], page: 0, hasNext: false };

/**
 * The admin inbox: every ticket, latest activity first, one page of 20 at a time read on the
 * server with cursors. A search term matches the tickets' `searchTerms` (e-mail, reference or
 * the start of a word: Firestore has no substring search); when several words are typed,
 * Firestore is asked for the most selective and the page is checked for the rest. The status
 * filter is a query constraint too.
 */
export function useAdminTickets(
  terms: readonly string[],
  filter: SupportFilterKey,
  refresh: number,
) {
  const [state, setState] = useState<State>(START);
  const key = terms.join(' ');

  const read = useCallback(
    async (cursor: QueryDocumentSnapshot<SupportTicket> | undefined) => {
      const [first, ...others] = key ? key.split(' ') : [];
      const statuses = SUPPORT_FILTERS.find((f) => f.key === filter)?.statuses ?? null;
      const constraints: QueryConstraint[] = [
        ...(first ? [where('searchTerms', 'array-contains', first)] : []),
        ...(statuses
          ? [
              statuses.length === 1
                ? where('status', '==', statuses[0])
                : where('status', 'in', [...statuses]),
            ]
          : []),
        orderBy('lastMessageAt', 'desc'),
        ...(cursor ? [startAfter(cursor)] : []),
        limit(PAGE_SIZE + 1),
      ];
      const snapshot = await getDocs(query(tickets, ...constraints));
      const docs = snapshot.docs.slice(0, PAGE_SIZE);
      return {
        docs,
        tickets: docs
          .map((d) => d.data())
          .filter((ticket) => others.every((term) => ticket.searchTerms.includes(term))),
        hasNext: snapshot.docs.length > PAGE_SIZE,
      };
    },
    [key, filter],
  );

  const show = useCallback(
    (page: number, cursors: State['cursors']) => {
      let live = true;
      setState((s) => ({ ...s, status: 'loading' }));
      read(page > 0 ? cursors[page - 1] : undefined)
        .then((result) => {
          if (!live) return;
          const next = [...cursors.slice(0, page)];
          const last = result.docs.at(-1);
          if (last) next[page] = last;
          setState({
            status: 'success',
            tickets: result.tickets,
            cursors: next,
            page,
            hasNext: result.hasNext,
          });
        })
        .catch(() => live && setState((s) => ({ ...s, status: 'error', tickets: [] })));
      return () => {
        live = false;
      };
    },
    [read],
  );

  useEffect(() => show(0, []), [show, refresh]);

  return {
    ...state,
    next: () => show(state.page + 1, state.cursors),
    previous: () => show(Math.max(0, state.page - 1), state.cursors),
  };
}
