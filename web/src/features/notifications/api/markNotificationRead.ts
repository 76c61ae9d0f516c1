import { notificationsPath } from '@rafflewin/domain';
import { doc, updateDoc } from 'firebase/firestore';
import { db } from '@/lib/firestoreApi';

/** Marks one notification read (the rules let the owner change `isRead` only). */
export function markNotificationRead(uid: string, notificationId: string): Promise<void> {
  return updateDoc(doc(db, notificationsPath(uid), notificationId), { isRead: true });
}
