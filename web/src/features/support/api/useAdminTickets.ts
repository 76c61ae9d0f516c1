import {
  SUPPORT_CONSTANTS,
  SUPPORT_FILTERS,
  supportTicketSchema,
  supportTicketsCollection,
  type SupportFilterKey,
} from '@rafflewin/domain';
import { orderBy, query, where } from 'firebase/firestore';
import { useMemo } from 'react';
import { typedCollection } from '@/lib/firestoreApi';
import { usePagedQuery } from '@/lib/pagedQuery';

const tickets = typedCollection(supportTicketsCollection, supportTicketSchema);

/**
 * The admin inbox: every ticket, latest activity first, one page of 20 at a time read on the
 * server with cursors. A search term matches the tickets' `searchTerms` (e-mail, reference or
 * the start of a word: Firestore has no substring search); when several words are typed,
 * Firestore is asked for the most selective and the page is checked for the rest. The status
 * filter is a query constraint too. Other filters start again at page 1; `refresh` reads the
 * page shown again.
 */
export function useAdminTickets(terms: readonly string[], filter: SupportFilterKey) {
  const key = terms.join(' ');
  const [first, ...others] = key ? key.split(' ') : [];
  const base = useMemo(() => {
    const statuses = SUPPORT_FILTERS.find((f) => f.key === filter)?.statuses ?? null;
    return query(
      tickets,
      ...(first ? [where('searchTerms', 'array-contains', first)] : []),
      ...(statuses
        ? [
            statuses.length === 1
              ? where('status', '==', statuses[0])
              : where('status', 'in', [...statuses]),
          ]
        : []),
      orderBy('lastMessageAt', 'desc'),
    );
  }, [first, filter]);
  const { items, ...pages } = usePagedQuery(base, SUPPORT_CONSTANTS.ticketsPageSize);

  return {
    ...pages,
    tickets: items.filter((ticket) => others.every((term) => ticket.searchTerms.includes(term))),
  };
}
