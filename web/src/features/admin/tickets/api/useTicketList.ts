import {
  USER_SEARCH_LIMIT,
  firstCharacter,
  ADMIN_TICKETS_PAGE_SIZE,
  parseTicketSearch,
  ticketSchema,
  ticketsCollection,
  type RaffleCategory,
  type SortDirection,
  type Ticket,
  type TicketSort,
  type UserProfile,
} from '@rafflewin/domain';
import {
  documentId,
  orderBy,
  query,
  where,
  type Query,
  type QueryConstraint,
} from 'firebase/firestore';
import { useEffect, useMemo, useState } from 'react';
import { typedCollection } from '@/lib/firestoreApi';
import { useRefusalReported } from '@/lib/accessRefusal';
import { usePagedQuery } from '@/lib/pagedQuery';
import type { LoadStatus } from '@/lib/realtime';
import { searchUsersByEmail } from '@/hooks/useUserSearch';
import { loadProfiles } from './loadProfiles';

const tickets = typedCollection(ticketsCollection, ticketSchema);

export interface TicketFilters {
  search: string;
  category: 'all' | RaffleCategory;
  sort: TicketSort;
  direction: SortDirection;
}

export const DEFAULT_TICKET_FILTERS: TicketFilters = {
  search: '',
  category: 'all',
  sort: 'purchaseDate',
  direction: 'desc',
};

/**
 * The ticket query for the filters: optional customers (an e-mail search), category and sort,
 * all applied by Firestore (firestore.indexes.json has an index for each combination). A
 * ticket-number search finds that number in every raffle, at most one ticket each, in id order.
 */
function ticketQuery(filters: TicketFilters, userIds: string[] | null): Query<Ticket> {
  const search = parseTicketSearch(filters.search);
  const constraints: QueryConstraint[] = [];
  if (userIds) constraints.push(where('userId', 'in', userIds));
  if (filters.category !== 'all')
    constraints.push(where('raffle.category', '==', filters.category));
  if (search.kind === 'number') {
    constraints.push(where('ticketNumber', '==', search.ticketNumber), orderBy(documentId()));
  } else if (filters.sort === 'raffle') {
    constraints.push(orderBy('raffle.name', filters.direction));
    constraints.push(orderBy('ticketNumber', filters.direction));
  } else {
    constraints.push(orderBy(filters.sort, filters.direction));
  }
  return query(tickets, ...constraints);
}

export interface TicketRow extends Ticket {
  userEmail: string;
  userFirstName: string | null;
  userLastNameInitial: string | null;
}

export interface TicketGroup {
  email: string;
  tickets: TicketRow[];
}

function toRow(ticket: Ticket, profile: UserProfile | undefined): TicketRow {
  return {
    ...ticket,
    userEmail: profile?.email ?? '(deleted account)',
    userFirstName: profile?.firstName ?? null,
    userLastNameInitial: profile?.lastName ? firstCharacter(profile.lastName).toUpperCase() : null,
  };
}

/** A page's tickets grouped by the customer's e-mail, groups in the order they first appear. */
function groupByEmail(rows: TicketRow[]): TicketGroup[] {
  const groups = new Map<string, TicketRow[]>();
  for (const row of rows) groups.set(row.userEmail, [...(groups.get(row.userEmail) ?? []), row]);
  return [...groups].map(([email, grouped]) => ({ email, tickets: grouped }));
}

/**
 * Manage Tickets' list: one page of tickets at a time (cursors, 25 per page), joined with
 * their customers' profiles, grouped by e-mail. An e-mail search first finds the accounts
 * whose e-mail starts with the text (at most 10), then their tickets.
 */
export function useTicketList(filters: TicketFilters) {
  const search = parseTicketSearch(filters.search);
  const prefix = search.kind === 'email' ? search.prefix : null;
  const [customers, setCustomers] = useState<{
    prefix: string;
    ids: string[] | null;
    failed: boolean;
    error?: unknown;
  } | null>(null);

  useEffect(() => {
    if (prefix === null) return undefined;
    let live = true;
    searchUsersByEmail(prefix)
      .then((found) => live && setCustomers({ prefix, ids: found.map((u) => u.id), failed: false }))
      .catch((error: unknown) => live && setCustomers({ prefix, ids: null, failed: true, error }));
    return () => {
      live = false;
    };
  }, [prefix]);

  const resolved = prefix === null ? null : customers?.prefix === prefix ? customers : undefined;
  const noCustomers = resolved?.ids?.length === 0;
  const base = useMemo(() => {
    if (resolved === undefined || noCustomers || resolved?.failed) return null;
    return ticketQuery(filters, resolved?.ids ?? null);
  }, [filters, resolved, noCustomers]);
  const paged = usePagedQuery(base, ADMIN_TICKETS_PAGE_SIZE);

  const [profiles, setProfiles] = useState<{
    items: Ticket[];
    byId: Map<string, UserProfile>;
    error?: unknown;
  } | null>(null);
  useEffect(() => {
    if (paged.status !== 'success') return undefined;
    let live = true;
    loadProfiles(paged.items.map((t) => t.userId))
      .then((byId) => live && setProfiles({ items: paged.items, byId }))
      .catch(
        (error: unknown) => live && setProfiles({ items: paged.items, byId: new Map(), error }),
      );
    return () => {
      live = false;
    };
  }, [paged.status, paged.items]);
  useRefusalReported(customers?.error);
  useRefusalReported(profiles?.error);

  let status: LoadStatus = paged.status;
  if (resolved?.failed) status = 'error';
  else if (noCustomers) status = 'success';
  else if (resolved === undefined) status = 'loading';
  else if (paged.status === 'success' && profiles?.items !== paged.items) status = 'loading';

  const groups =
    status === 'success' && !noCustomers && profiles
      ? groupByEmail(profiles.items.map((t) => toRow(t, profiles.byId.get(t.userId))))
      : [];
  return {
    ...paged,
    status,
    groups,
    hasNext: noCustomers ? false : paged.hasNext,
    /** The customers of an e-mail search could not be looked up. */
    searchFailed: Boolean(resolved?.failed),
    /** The e-mail search matched as many accounts as one search takes: there may be more. */
    customersCapped: (resolved?.ids?.length ?? 0) >= USER_SEARCH_LIMIT,
  };
}
