import {
  mailCollection,
  notificationsPath,
  userPath,
  userSettingsPath,
  type NotificationData,
  type NotificationType,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import type { Writer } from '../admin/audit';
import { queuedMail } from '../mail/templates';

export interface NotificationContent {
  type: NotificationType;
  title: string;
  message: string;
  /** Links the notification to a support conversation. */
  supportTicketId?: string | null;
}

/** A new, unread in-app notification. */
export function notificationData(content: NotificationContent, now: Date): NotificationData {
  return {
    type: content.type,
    title: content.title,
    message: content.message,
    supportTicketId: content.supportTicketId ?? null,
    isRead: false,
    createdAt: now,
  };
}

/**
 * Adds an in-app notification for `uid` to `writer` (a batch or transaction). A fixed `id`
 * makes it idempotent for work that may run twice.
 */
export function addNotification(
  db: Firestore,
  writer: Writer,
  uid: string,
  content: NotificationContent,
  now = new Date(),
  id?: string,
): string {
  const collection = db.collection(notificationsPath(uid));
  const ref = id ? collection.doc(id) : collection.doc();
  writer.set(ref, notificationData(content, now));
  return ref.id;
}

export interface NotifyOptions {
  /**
   * Also e-mail it, unless the customer turned e-mail notifications off. Service messages the
   * customer must receive whatever their preference (a win, a refund) set `always`.
   */
  email?: { subject: string; text: string; always?: boolean };
  /** A fixed id makes the notification (and its e-mail) idempotent for retried work. */
  id?: string;
}

/**
 * Notifies a customer in the app and, when asked and allowed, by e-mail, in one batch.
 * Returns the notification's id.
 */
export async function notifyUser(
  db: Firestore,
  uid: string,
  content: NotificationContent,
  options: NotifyOptions = {},
  now = new Date(),
): Promise<string> {
  const collection = db.collection(notificationsPath(uid));
  const ref = options.id ? collection.doc(options.id) : collection.doc();
  const batch = db.batch();
  batch.set(ref, notificationData(content, now));
  if (options.email) {
    const [profile, settings] = await Promise.all([
      db.doc(userPath(uid)).get(),
      db.doc(userSettingsPath(uid)).get(),
    ]);
    const to = profile.get('email') as string | undefined;
    const wanted = options.email.always || settings.get('emailNotifications') !== false;
    if (to && wanted) {
      batch.set(
        db.collection(mailCollection).doc(`notification-${uid}-${ref.id}`),
        queuedMail(to, options.email.subject, options.email.text, null, now),
      );
    }
  }
  await batch.commit();
  return ref.id;
}
