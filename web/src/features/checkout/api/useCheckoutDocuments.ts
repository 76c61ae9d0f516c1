import {
  checkoutSessionSchema,
  checkoutSessionsCollection,
  orderSchema,
  ordersCollection,
  type CheckoutSession,
  type Order,
} from '@rafflewin/domain';
import { doc } from 'firebase/firestore';
import { useMemo } from 'react';
import { converterFor } from '@/lib/converters';
import { db } from '@/lib/firestoreApi';
import { useDocumentData, type Loaded } from '@/lib/realtime';

const sessionConverter = converterFor(checkoutSessionSchema);
const orderConverter = converterFor(orderSchema);

/** The customer's own reservation (the rules let only its owner read it). */
export function useCheckoutSession(
  sessionId: string | undefined,
): Loaded<CheckoutSession | undefined> {
  const ref = useMemo(
    () =>
      sessionId
        ? doc(db, checkoutSessionsCollection, sessionId).withConverter(sessionConverter)
        : null,
    [sessionId],
  );
  return useDocumentData(ref);
}

/** The customer's own order. */
export function useOrder(orderId: string | undefined): Loaded<Order | undefined> {
  const ref = useMemo(
    () => (orderId ? doc(db, ordersCollection, orderId).withConverter(orderConverter) : null),
    [orderId],
  );
  return useDocumentData(ref);
}
