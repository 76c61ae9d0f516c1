import {
  checkoutSessionSchema,
  checkoutSessionsCollection,
  parseDocument,
  type CheckoutSession,
} from '@rafflewin/domain';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';

export const sessionRef = (db: Firestore, sessionId: string) =>
  db.collection(checkoutSessionsCollection).doc(sessionId);

export function readSession(snapshot: DocumentSnapshot): CheckoutSession | null {
  return snapshot.exists
    ? parseDocument(checkoutSessionSchema, snapshot.data(), snapshot.id)
    : null;
}
