import {
  MY_ORDERS_PAGE_SIZE,
  orderDateRange,
  orderSchema,
  ordersCollection,
  searchTermsOf,
  type Order,
  type MyOrderDateFilter,
  type MyOrderStatusFilter,
} from '@rafflewin/domain';
import {
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

const orders = typedCollection(ordersCollection, orderSchema);

export interface OrderFilters {
  status: MyOrderStatusFilter;
  date: MyOrderDateFilter;
  search: string;
}

interface State {
  status: LoadStatus;
  orders: Order[];
  hasNext: boolean;
}

/**
 * One page of the customer's orders, newest first, filtered on the server: status and date
 * range are query constraints, and the search uses the order's stored `searchTerms` with
 * array-contains (Firestore has no substring search). Only one array-contains is allowed per
 * query, so a search of several words queries the longest and the page keeps the orders that
 * have the others too. Pages are read with cursors; give the component a `key` per filter set.
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
  const [cursors, setCursors] = useState<Array<QueryDocumentSnapshot<Order> | null>>([null]);
  const [last, setLast] = useState<QueryDocumentSnapshot<Order> | null>(null);
  const [state, setState] = useState<State>({ status: 'loading', orders: [], hasNext: false });
  const page = cursors.length - 1;
  const cursor = cursors[page] ?? null;

  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, status: 'loading' }));
    getDocs(query(base, ...(cursor ? [startAfter(cursor)] : []), limit(MY_ORDERS_PAGE_SIZE + 1)))
      .then((snapshot) => {
        if (!live) return;
        const docs = snapshot.docs.slice(0, MY_ORDERS_PAGE_SIZE);
        setLast(docs.at(-1) ?? null);
        const others = terms.slice(1);
        setState({
          status: 'success',
          orders: docs
            .map((d) => d.data())
            .filter((order) => others.every((term) => order.searchTerms.includes(term))),
          hasNext: snapshot.docs.length > MY_ORDERS_PAGE_SIZE,
        });
      })
      .catch(() => live && setState({ status: 'error', orders: [], hasNext: false }));
    return () => {
      live = false;
    };
  }, [base, cursor, terms]);

  const next = useCallback(() => {
    if (state.hasNext && last) setCursors((c) => [...c, last]);
  }, [state.hasNext, last]);
  const previous = useCallback(() => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c)), []);

  return { ...state, page, next, previous };
}
