import {
  MAX_PAYMENT_METHODS,
  paymentMethodSchema,
  paymentMethodsPath,
  type PaymentMethod,
} from '@rafflewin/domain';
import { collection, limit, query } from 'firebase/firestore';
import { useMemo } from 'react';
import { converterFor } from '@/lib/converters';
import { db } from '@/lib/firestoreApi';
import { useQueryData } from '@/lib/realtime';

const converter = converterFor(paymentMethodSchema);

/** Default first, then newest first (ordered by is_default descending). */
function byDefaultThenNewest(a: PaymentMethod, b: PaymentMethod): number {
  return Number(b.isDefault) - Number(a.isDefault) || b.createdAt.getTime() - a.createdAt.getTime();
}

/** The customer's saved cards (at most MAX_PAYMENT_METHODS), live. */
export function usePaymentMethods(uid: string) {
  const q = useMemo(
    () =>
      query(
        collection(db, paymentMethodsPath(uid)).withConverter(converter),
        limit(MAX_PAYMENT_METHODS),
      ),
    [uid],
  );
  const { status, data } = useQueryData(q);
  const cards = useMemo(() => [...data].sort(byDefaultThenNewest), [data]);
  return { status, cards };
}
