import {
  CALLABLES,
  ShopError,
  SEND_NOTIFICATION_MESSAGES,
  auditLogCollection,
  mailCollection,
  notificationsPath,
  type SendNotificationOutput,
} from '@rafflewin/domain';
import { randomUUID } from 'node:crypto';
import { onCallable } from '../lib/callable';
import { auth, db } from '../lib/firebase';
import { notificationRef } from '../lib/collections';
import { recordAudit } from '../services/admin/audit';
import { enqueueTask } from '../lib/tasks';
import { startBroadcast, unconfirmedOf } from '../services/notifications/broadcast';
import {
  addNotification,
  notificationMail,
  sameWords,
  recipientsOf,
  type NotificationContent,
} from '../services/notifications/notify';

/**
 * Create Notification (administrators, audited): an in-app notification, also e-mailed to
 * those whose e-mail notifications are on, for one user (once per request key), or, with
 * `sendToAll`, for every user: recorded once per request key and handed to the
 * `sendBroadcastPage` queue a page at a time (see startBroadcast), answering at once; the
 * record shows its progress.
 */
export const sendNotification = onCallable(
  CALLABLES.sendNotification,
  async (
    { sendToAll, userId, marketing, requestId, ...fields },
    admin,
  ): Promise<SendNotificationOutput> => {
    const now = new Date();
    const content: NotificationContent = { ...fields, kind: 'messages' };
    if (!sendToAll) {
      const uid = userId ?? '';
      const [[recipient], unconfirmed] = await Promise.all([
        recipientsOf(db, [uid], { kind: 'messages', marketing, now }),
        unconfirmedOf(auth, [uid]),
      ]);
      if (!recipient?.exists) {
        throw new ShopError('not-found', SEND_NOTIFICATION_MESSAGES.userNotFound);
      }
      if (marketing && !recipient.takesMarketing) {
        throw new ShopError('failed-precondition', SEND_NOTIFICATION_MESSAGES.noMarketing);
      }
      // As a send to all: nothing is e-mailed to an address its account never confirmed.
      const email = unconfirmed.has(uid)
        ? null
        : marketing
          ? recipient.marketingEmail
          : recipient.email;
      // Named by the request's key: the same request again (a second press, or a retry after
      // a lost answer) finds it sent and sends nothing again, e-mail and push included.
      const notifications = db.collection(notificationsPath(uid));
      const notificationId = (
        requestId ? notifications.doc(`message-${requestId}`) : notifications.doc()
      ).id;
      // Its audit entry, named by the key too, is the server's own record that it went: the
      // customer may have deleted the notification since.
      const auditId = requestId ? `notification.create-${uid}-${notificationId}` : undefined;
      await db.runTransaction(async (tx) => {
        const [notification, audited] = await Promise.all([
          tx.get(notificationRef(db, uid, notificationId)),
          auditId ? tx.get(db.collection(auditLogCollection).doc(auditId)) : null,
        ]);
        const earlier = notification.data();
        if (earlier) {
          if (sameWords(earlier, content)) return;
          // The same key with other words would be told it went, in the old ones.
          throw new ShopError('already-exists', SEND_NOTIFICATION_MESSAGES.keyReused, 'key-reused');
        }
        if (audited?.exists) return;
        addNotification(db, tx, uid, content, now, notificationId);
        if (email) {
          tx.set(
            db.collection(mailCollection).doc(`${notificationId}-${uid}`),
            notificationMail(email, content, now, marketing ? uid : null),
          );
        }
        recordAudit(
          db,
          tx,
          admin,
          {
            id: auditId,
            action: 'notification.create',
            target: `${notificationsPath(uid)}/${notificationId}`,
            before: null,
            after: { ...fields, marketing },
          },
          now,
        );
      });
      return { sent: 1, failed: 0, notificationId, queued: false, total: 1 };
    }
    return startBroadcast(db, admin, content, {
      notificationId: `broadcast-${requestId ?? randomUUID()}`,
      marketing,
      now,
      enqueue: enqueueTask,
    });
  },
  { timeoutSeconds: 60 },
);
