import { notificationsPath } from '@rafflewin/domain';
import { deleteDoc, doc } from 'firebase/firestore';
import { db } from '@/lib/firestoreApi';

/** Deletes one of the customer's notifications. */
export function deleteNotification(uid: string, notificationId: string): Promise<void> {
  return deleteDoc(doc(db, notificationsPath(uid), notificationId));
}
