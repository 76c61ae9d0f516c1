import {
  CALLABLES,
  ShopError,
  SEND_NOTIFICATION_MESSAGES,
  mailCollection,
  notificationsPath,
  userPath,
  type SendNotificationOutput,
} from '@rafflewin/domain';
import { randomUUID } from 'node:crypto';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { recordAudit } from '../services/admin/audit';
import { broadcastNotification } from '../services/notifications/broadcast';
import { addNotification, notificationMail, recipientsOf } from '../services/notifications/notify';

/**
 * Create Notification (administrators, audited): an in-app notification, also e-mailed to
 * those whose e-mail notifications are on, for one user, or, with `sendToAll`, for every user in one request whose fan-out runs here in batches of 500
 * (see broadcastNotification). The audit entry of a send-to-all is written before the first
 * notification, so none exists without one.
 */
export const sendNotification = onCallable(
  CALLABLES.sendNotification,
  async ({ sendToAll, userId, marketing, ...content }, admin): Promise<SendNotificationOutput> => {
    const now = new Date();
    if (!sendToAll) {
      const uid = userId ?? '';
      if (!(await db.doc(userPath(uid)).get()).exists) {
        throw new ShopError('not-found', SEND_NOTIFICATION_MESSAGES.userNotFound);
      }
      const batch = db.batch();
      const [recipient] = await recipientsOf(db, [uid], { marketing, now });
      if (marketing && !recipient?.takesMarketing) {
        throw new ShopError('failed-precondition', SEND_NOTIFICATION_MESSAGES.noMarketing);
      }
      const notificationId = addNotification(db, batch, uid, content, now);
      const email = marketing ? recipient?.marketingEmail : recipient?.email;
      if (email) {
        batch.set(
          db.collection(mailCollection).doc(`${notificationId}-${uid}`),
          notificationMail(email, content, now),
        );
      }
      recordAudit(
        db,
        batch,
        admin,
        {
          action: 'notification.create',
          target: `${notificationsPath(uid)}/${notificationId}`,
          before: null,
          after: { ...content, marketing },
        },
        now,
      );
      await batch.commit();
      return { sent: 1, failed: 0, notificationId };
    }
    const notificationId = `broadcast-${randomUUID()}`;
    const audit = db.batch();
    recordAudit(
      db,
      audit,
      admin,
      {
        action: 'notification.broadcast',
        target: `users/*/notifications/${notificationId}`,
        before: null,
        after: { ...content, marketing },
      },
      now,
    );
    await audit.commit();
    const result = await broadcastNotification(db, content, notificationId, { now, marketing });
    return { ...result, notificationId };
  },
  { timeoutSeconds: 540, memory: '512MiB' },
);
