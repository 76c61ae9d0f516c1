import {
  MY_ORDERS_PAGE_SIZE,
  orderDateRange,
  orderSchema,
  ordersCollection,
  searchTermsOf,
  type MyOrderDateFilter,
  type MyOrderStatusFilter,
  type Order,
} from '@rafflewin/domain';
import { orderBy, query, where } from 'firebase/firestore';
import { useMemo } from 'react';
import { typedCollection } from '@/lib/firestoreApi';
import { usePagedQuery } from '@/lib/pagedQuery';

const orders = typedCollection(ordersCollection, orderSchema);

export interface OrderFilters {
  status: MyOrderStatusFilter;
  date: MyOrderDateFilter;
  search: string;
}

/**
 * One page of the customer's orders, newest first, filtered on the server: status and date
 * range are query constraints, and the search uses the order's stored `searchTerms` with
 * array-contains (Firestore has no substring search; the terms hold every part of three
 * letters or more of the item names and the order number). Only one array-contains is allowed
 * per query, so a search of several words queries the longest and the pages are filled with
 * the orders that have the others too. Pages are read with cursors; other filters start again
 * at page 1.
 */
export function useOrderPage(uid: string, filters: OrderFilters) {
  const terms = useMemo(() => searchTermsOf(filters.search), [filters.search]);
  const base = useMemo(() => {
    const { from, before } = orderDateRange(filters.date, new Date());
    return query(
      orders,
      where('userId', '==', uid),
      ...(filters.status === 'all' ? [] : [where('status', '==', filters.status)]),
      ...(terms[0] ? [where('searchTerms', 'array-contains', terms[0])] : []),
      ...(from ? [where('createdAt', '>=', from)] : []),
      ...(before ? [where('createdAt', '<', before)] : []),
      orderBy('createdAt', 'desc'),
    );
  }, [uid, filters.status, filters.date, terms]);
  const keep = useMemo(() => {
    const others = terms.slice(1);
    return others.length === 0
      ? undefined
      : (order: Order) => others.every((term) => order.searchTerms.includes(term));
  }, [terms]);
  const { items, ...pages } = usePagedQuery(base, MY_ORDERS_PAGE_SIZE, keep);
  return { ...pages, orders: items };
}
