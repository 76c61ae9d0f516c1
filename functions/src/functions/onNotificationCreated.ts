import { notificationSchema, timestampsToDates } from '@rafflewin/domain';
import { logger } from 'firebase-functions/v2';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { db, REGION } from '../lib/firebase';
import { messagingFor } from '../services/push/messaging';
import { pushNotification } from '../services/push/push';

/**
 * Pushes each new in-app notification to the customer's devices when they chose push for its
 * kind. It runs after the notification is written, so a push that fails never holds it up.
 */
export const onNotificationCreated = onDocumentCreated(
  { document: 'users/{uid}/notifications/{notificationId}', region: REGION },
  async (event) => {
    // A send to all's copies are pushed by its own pages (services/notifications/broadcast.ts).
    if (event.data?.get('fanOut') === true) return;
    const parsed = notificationSchema.safeParse(timestampsToDates(event.data?.data()));
    if (!parsed.success) {
      logger.warn('Unreadable notification not pushed', { path: event.data?.ref.path });
      return;
    }
    const { uid, notificationId } = event.params;
    await pushNotification(db, messagingFor(db), uid, notificationId, parsed.data);
  },
);
