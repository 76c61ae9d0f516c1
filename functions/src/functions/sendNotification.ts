import {
  CALLABLES,
  ShopError,
  SEND_NOTIFICATION_MESSAGES,
  mailCollection,
  notificationsPath,
  type SendNotificationOutput,
} from '@rafflewin/domain';
import { randomUUID } from 'node:crypto';

/** One record per send to all (server only): what it sent, so a repeat sends nothing again. */
const BROADCASTS_COLLECTION = 'notificationBroadcasts';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { recordAudit } from '../services/admin/audit';
import { broadcastNotification } from '../services/notifications/broadcast';
import { addNotification, notificationMail, recipientsOf } from '../services/notifications/notify';

/**
 * Create Notification (administrators, audited): an in-app notification, also e-mailed to
 * those whose e-mail notifications are on, for one user, or, with `sendToAll`, for every user
 * in one request whose fan-out runs here in batches (see broadcastNotification). A send to
 * all is recorded before its audit entry and its first notification, once per request key.
 */
export const sendNotification = onCallable(
  CALLABLES.sendNotification,
  async (
    { sendToAll, userId, marketing, requestId, ...content },
    admin,
  ): Promise<SendNotificationOutput> => {
    const now = new Date();
    if (!sendToAll) {
      const uid = userId ?? '';
      const [recipient] = await recipientsOf(db, [uid], { marketing, now });
      if (!recipient?.exists) {
        throw new ShopError('not-found', SEND_NOTIFICATION_MESSAGES.userNotFound);
      }
      const batch = db.batch();
      if (marketing && !recipient.takesMarketing) {
        throw new ShopError('failed-precondition', SEND_NOTIFICATION_MESSAGES.noMarketing);
      }
      const notificationId = addNotification(db, batch, uid, content, now);
      const email = marketing ? recipient.marketingEmail : recipient.email;
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
    const notificationId = `broadcast-${requestId ?? randomUUID()}`;
    // One send per key: the record is created before the first notification, and a repeat
    // finds it and answers what the first send did (or that it is still going).
    const record = db.collection(BROADCASTS_COLLECTION).doc(notificationId);
    try {
      await record.create({ startedAt: now, by: admin.uid, sent: null, failed: null });
    } catch {
      const earlier = (await record.get()).data();
      if (earlier?.sent == null) {
        throw new ShopError('failed-precondition', SEND_NOTIFICATION_MESSAGES.stillSending);
      }
      return { sent: earlier.sent as number, failed: earlier.failed as number, notificationId };
    }
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
    await record.update({ ...result, finishedAt: new Date() });
    return { ...result, notificationId };
  },
  { timeoutSeconds: 540, memory: '512MiB' },
);
