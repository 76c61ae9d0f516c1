import {
  checkoutSessionSchema,
  checkoutSessionsCollection,
  creditHeldBy,
  orderSchema,
  ordersCollection,
  type CheckoutSession,
  type Order,
} from '@rafflewin/domain';
import { collection, doc, query, where } from 'firebase/firestore';
import { useMemo } from 'react';
import { converterFor } from '@/lib/converters';
import { db } from '@/lib/firestoreApi';
import { useDocumentData, useQueryData, type Loaded } from '@/lib/realtime';

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

/**
 * The account credit the customer's own unpaid checkouts hold (creditHeldBy, as the server
 * counts it: readReplaced), live. Without it a shopper back from Stripe's page read a
 * card amount the next checkout would not charge.
 */
export function useCreditHeldByOpenCheckouts(uid: string | undefined): number {
  const q = useMemo(
    () =>
      uid
        ? query(
            collection(db, checkoutSessionsCollection),
            where('userId', '==', uid),
            where('status', '==', 'pending'),
          ).withConverter(sessionConverter)
        : null,
    [uid],
  );
  return creditHeldBy(useQueryData(q).data);
}
