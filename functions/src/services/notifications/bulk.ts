import { notificationsPath } from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { deleteInPages, writeInPages } from '../../lib/pagedWrites';

/** Marks every unread notification of a customer read, in batches. Returns how many. */
export function markAllNotificationsRead(db: Firestore, uid: string): Promise<number> {
  const unread = db.collection(notificationsPath(uid)).where('isRead', '==', false);
  return writeInPages(db, unread, (batch, ref) => batch.update(ref, { isRead: true }));
}

/** Deletes every notification of a customer, in batches. Returns how many. */
export function deleteAllNotifications(db: Firestore, uid: string): Promise<number> {
  return deleteInPages(db, db.collection(notificationsPath(uid)));
}
