import { createHash } from 'node:crypto';
import {
  SHOP_PAGES,
  devicesCollection,
  devicesPath,
  isNotificationKind,
  truncateText,
  userSettingsPath,
  wantsPushFor,
  type NotificationData,
  type NotificationKind,
  type NotificationType,
  type PushPayload,
} from '@rafflewin/domain';
import type { Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/v2';
import { errorFields } from '../../lib/logging';
import { MAX_MESSAGES_PER_CALL, type MessagingPort, type PushMessage } from './messaging';

/** A device's id: a hash of its token, so registering the same browser twice is one device. */
export function deviceIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex').slice(0, 40);
}

/** One device of one customer. */
export interface DeviceTarget {
  uid: string;
  deviceId: string;
  token: string;
}

export interface PushOutcome {
  sent: number;
  failed: number;
  /** Devices removed because FCM said their token is no longer registered. */
  removed: number;
}

/** The kind of a notification written before kinds existed, from its type. */
const KIND_OF_TYPE: Record<NotificationType, NotificationKind> = {
  raffle: 'draw',
  win: 'win',
  account: 'account',
  system: 'messages',
};

export function kindOf(data: Pick<NotificationData, 'kind' | 'type'>): NotificationKind {
  return isNotificationKind(data.kind) ? data.kind : KIND_OF_TYPE[data.type];
}

/** The push a notification becomes: its text, and the page a click opens. */
export function pushPayload(notificationId: string, data: NotificationData): PushPayload {
  const link =
    data.link ??
    (data.supportTicketId
      ? SHOP_PAGES.supportConversation(data.supportTicketId)
      : SHOP_PAGES.notifications);
  return {
    title: data.title,
    body: truncateText(data.message, 180).text,
    link,
    kind: kindOf(data),
    notificationId,
  };
}

/**
 * Sends each payload to its device, `MAX_MESSAGES_PER_CALL` at a time, and removes the devices
 * whose token FCM reports unregistered. Failures are counted and logged, never thrown: a push
 * rides on a notification that is already written.
 */
export async function sendToDevices(
  db: Firestore,
  messaging: MessagingPort,
  sends: Array<{ device: DeviceTarget; payload: PushPayload }>,
): Promise<PushOutcome> {
  const outcome: PushOutcome = { sent: 0, failed: 0, removed: 0 };
  for (let start = 0; start < sends.length; start += MAX_MESSAGES_PER_CALL) {
    const chunk = sends.slice(start, start + MAX_MESSAGES_PER_CALL);
    const messages: PushMessage[] = chunk.map(({ device, payload }) => ({
      token: device.token,
      payload,
    }));
    let results;
    try {
      results = await messaging.sendEach(messages);
    } catch (error) {
      logger.error('Push send failed', { ...errorFields(error), size: chunk.length });
      outcome.failed += chunk.length;
      continue;
    }
    const dead = chunk.filter((_, index) => {
      const result = results[index];
      if (result?.ok) {
        outcome.sent += 1;
        return false;
      }
      outcome.failed += 1;
      return result?.unregistered === true;
    });
    if (dead.length > 0) {
      const batch = db.batch();
      for (const { device } of dead) {
        batch.delete(db.doc(`${devicesPath(device.uid)}/${device.deviceId}`));
      }
      await batch.commit();
      outcome.removed += dead.length;
    }
  }
  if (outcome.failed > 0) logger.warn('Some pushes failed', { ...outcome });
  return outcome;
}

const targetOf = (uid: string, doc: QueryDocumentSnapshot): DeviceTarget => ({
  uid,
  deviceId: doc.id,
  token: String(doc.get('token')),
});

/**
 * Pushes a notification just written for `uid` to their devices, when they chose push for its
 * kind. A send to all's copies (`fanOut`) are pushed by the send's pages instead.
 */
export async function pushNotification(
  db: Firestore,
  messaging: MessagingPort,
  uid: string,
  notificationId: string,
  data: NotificationData,
): Promise<PushOutcome> {
  const none = { sent: 0, failed: 0, removed: 0 };
  if (data.fanOut) return none;
  // Most customers have no device: their notifications cost this one read.
  const devices = await db.collection(devicesPath(uid)).select('token').get();
  if (devices.empty) return none;
  const settings = await db.doc(userSettingsPath(uid)).get();
  if (!wantsPushFor(settings.data(), kindOf(data))) return none;
  const payload = pushPayload(notificationId, data);
  return sendToDevices(
    db,
    messaging,
    devices.docs.map((doc) => ({ device: targetOf(uid, doc), payload })),
  );
}

/**
 * The devices of the users with ids in (`after`, `last`], as a send to all's page names them:
 * one collection-group query over the `uid` field, not one read per user.
 */
export async function devicesOfPage(
  db: Firestore,
  after: string | null,
  last: string,
): Promise<Map<string, DeviceTarget[]>> {
  let query = db.collectionGroup(devicesCollection).where('uid', '<=', last);
  if (after !== null) query = query.where('uid', '>', after);
  const snapshot = await query.select('uid', 'token').get();
  const byUser = new Map<string, DeviceTarget[]>();
  for (const doc of snapshot.docs) {
    const uid = String(doc.get('uid'));
    // Only a device under its own user counts (the field and the path agree).
    if (doc.ref.parent.parent?.id !== uid) continue;
    const devices = byUser.get(uid) ?? [];
    devices.push(targetOf(uid, doc));
    byUser.set(uid, devices);
  }
  return byUser;
}
