import {
  MY_TICKETS_PAGE_SIZE,
  ticketSchema,
  ticketsCollection,
  type RaffleCategory,
} from '@rafflewin/domain';
import { getCountFromServer, orderBy, query, where } from 'firebase/firestore';
import { useEffect, useMemo, useState } from 'react';
import { typedCollection } from '@/lib/firestoreApi';
import { usePagedQuery } from '@/lib/pagedQuery';

const tickets = typedCollection(ticketsCollection, ticketSchema);

/**
 * One page of the customer's tickets, 10 at a time, read from Firestore with cursors (never
 * every ticket): grouped by category, then raffle (latest draw first), then ticket number, so
 * a raffle's tickets are contiguous across pages. `category` null is every category; another
 * tab starts at page 1. `total` (a count query) gives "Page 1 of N". The page shown is live.
 */
export function useTicketPage(uid: string, category: RaffleCategory | null) {
  const mine = useMemo(
    () =>
      query(
        tickets,
        where('userId', '==', uid),
        ...(category ? [where('raffle.category', '==', category)] : []),
      ),
    [uid, category],
  );
  const ordered = useMemo(
    () =>
      query(
        mine,
        ...(category ? [] : [orderBy('raffle.category')]),
        orderBy('raffle.endDate', 'desc'),
        orderBy('raffleId'),
        orderBy('ticketNumber'),
      ),
    [mine, category],
  );
  const { items, ...pages } = usePagedQuery(ordered, MY_TICKETS_PAGE_SIZE);
  const [total, setTotal] = useState<number | null>(null);
  // Counted again when the page shown changes (it is live: tickets issued while it is open),
  // once it has come: not for the empty list shown while it loads as well.
  const loading = pages.status === 'loading';
  useEffect(() => {
    if (loading) return undefined;
    let live = true;
    getCountFromServer(mine)
      .then((snapshot) => live && setTotal(snapshot.data().count))
      .catch(() => live && setTotal(null));
    return () => {
      live = false;
    };
  }, [mine, items, loading]);

  return { ...pages, tickets: items, total };
}
