import {
  DEFAULT_PROTECTION,
  ordersCollection,
  protectionPath,
  protectionSchema,
  startOfUkMonth,
  type Protection,
} from '@rafflewin/domain';
import { collection, doc, getAggregateFromServer, query, sum, where } from 'firebase/firestore';
import { useEffect, useMemo, useState } from 'react';
import { db } from '@/lib/firebase';
import { converterFor } from '@/lib/firestore';
import { useDocumentData, type LoadStatus } from '@/lib/realtime';

const converter = converterFor(protectionSchema);

/** The signed-in customer's limit and break, live (defaults before any choice). */
export function useProtection(uid: string): { status: LoadStatus; protection: Protection } {
  const ref = useMemo(() => doc(db, protectionPath(uid)).withConverter(converter), [uid]);
  const { status, data } = useDocumentData(ref);
  return { status, protection: data ?? DEFAULT_PROTECTION };
}

/** What the customer has paid this calendar month (one aggregation query, not their orders). */
export function useSpentThisMonth(uid: string, refreshKey: unknown): number | null {
  const [spent, setSpent] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    const paid = query(
      collection(db, ordersCollection),
      where('userId', '==', uid),
      where('paymentStatus', '==', 'paid'),
      where('createdAt', '>=', startOfUkMonth(new Date())),
    );
    getAggregateFromServer(paid, { total: sum('totalAmount') })
      .then((result) => live && setSpent(result.data().total ?? 0))
      .catch(() => live && setSpent(null));
    return () => {
      live = false;
    };
  }, [uid, refreshKey]);
  return spent;
}
