import {
  NOTIFICATION_CONSTANTS,
  notificationSchema,
  notificationsPath,
  type Notification,
} from '@rafflewin/domain';
import { collection, orderBy, query, where } from 'firebase/firestore';
import { useMemo } from 'react';
import { converterFor } from '@/lib/converters';
import { db } from '@/lib/firestoreApi';
import { useLivePages, type LivePages } from '@/lib/livePages';

const converter = converterFor(notificationSchema);

export type NotificationFilter = 'all' | 'unread';

/**
 * The customer's notifications, newest first, live, 50 at a time ("Load more" reads the next
 * 50 after a cursor). The Unread tab asks Firestore for unread ones only.
 */
export function useNotifications(
  uid: string | null,
  filter: NotificationFilter,
): LivePages<Notification> {
  const base = useMemo(() => {
    if (!uid) return null;
    const notifications = collection(db, notificationsPath(uid)).withConverter(converter);
    return filter === 'unread'
      ? query(notifications, where('isRead', '==', false), orderBy('createdAt', 'desc'))
      : query(notifications, orderBy('createdAt', 'desc'));
  }, [uid, filter]);
  return useLivePages(base, NOTIFICATION_CONSTANTS.pageSize);
}
