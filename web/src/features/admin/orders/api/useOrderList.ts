import {
  ADMIN_ORDERS_PAGE_SIZE,
  orderDateFilterStart,
  orderSchema,
  ordersCollection,
  parseOrderSearch,
  type OrderDateFilter,
  type OrderStatus,
} from '@rafflewin/domain';
import { orderBy, query, where, type QueryConstraint } from 'firebase/firestore';
import { useMemo } from 'react';
import { typedCollection } from '@/lib/firestoreApi';
import { usePagedQuery } from '@/lib/pagedQuery';

const orders = typedCollection(ordersCollection, orderSchema);

export interface OrderFilters {
  search: string;
  status: 'all' | OrderStatus;
  date: OrderDateFilter;
}

export const DEFAULT_ORDER_FILTERS: OrderFilters = { search: '', status: 'all', date: 'all' };

/**
 * Order management's list, newest first, a page at a time (cursors, 20 per page). Search,
 * status and date are query constraints, so Firestore returns only matching orders. Search is
 * an exact match on the e-mail or the order number (no substring search in Firestore).
 * `refreshedAt` fixes "today" and "last N days" at the moment of the last refresh.
 */
export function useOrderList(filters: OrderFilters, refreshedAt: Date) {
  const base = useMemo(() => {
    const constraints: QueryConstraint[] = [];
    const search = parseOrderSearch(filters.search);
    if (search.kind === 'email') constraints.push(where('userEmail', '==', search.email));
    if (search.kind === 'orderNumber') {
      constraints.push(where('orderNumber', '==', search.orderNumber));
    }
    if (filters.status !== 'all') constraints.push(where('status', '==', filters.status));
    const from = orderDateFilterStart(filters.date, refreshedAt);
    if (from) constraints.push(where('createdAt', '>=', from));
    return query(orders, ...constraints, orderBy('createdAt', 'desc'));
  }, [filters.search, filters.status, filters.date, refreshedAt]);
  return usePagedQuery(base, ADMIN_ORDERS_PAGE_SIZE);
}
