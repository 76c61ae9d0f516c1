import {
  DEFAULT_PROTECTION,
  ordersCollection,
  protectionPath,
  protectionSchema,
  startOfUkMonth,
  type Protection,
} from '@rafflewin/domain';
import { collection, doc, getAggregateFromServer, query, sum, where } from 'firebase/firestore';
import { useMemo } from 'react';
import { useLoaded } from '@/hooks/useLoaded';
import { converterFor } from '@/lib/converters';
import { db } from '@/lib/firestoreApi';
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
  const { value } = useLoaded(async () => {
    const paid = query(
      collection(db, ordersCollection),
      where('userId', '==', uid),
      where('paymentStatus', '==', 'paid'),
      where('createdAt', '>=', startOfUkMonth(new Date())),
    );
    const result = await getAggregateFromServer(paid, { total: sum('totalAmount') });
    return result.data().total ?? 0;
  }, [uid, refreshKey]);
  return value ?? null;
}
