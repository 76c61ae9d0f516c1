import {
  NOTIFICATION_CONSTANTS,
  mailCollection,
  notificationsPath,
  usersCollection,
  type MailData,
  type NotificationData,
} from '@rafflewin/domain';
import { FieldPath, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/v2';
import { MAX_BATCH_WRITES } from '../../lib/pagedWrites';
import {
  notificationData,
  notificationMail,
  recipientsFrom,
  type NotificationContent,
} from './notify';

/** One user's copy of a notification sent to all, and its e-mail when they take e-mail. */
export interface NotificationWrite {
  uid: string;
  path: string;
  data: NotificationData;
  mail: { path: string; data: MailData } | null;
}

/** How a page of notifications is written; tests swap in one that fails for some users. */
export interface FanOutWriter {
  /** Writes a page atomically (one batch of at most 500 writes). */
  commitBatch(writes: NotificationWrite[]): Promise<void>;
  /** Writes one notification, when a page's batch failed. */
  writeOne(write: NotificationWrite): Promise<void>;
}

export function firestoreFanOutWriter(db: Firestore): FanOutWriter {
  return {
    async commitBatch(writes) {
      const batch = db.batch();
      for (const write of writes) {
        batch.set(db.doc(write.path), write.data);
        if (write.mail) batch.set(db.doc(write.mail.path), write.mail.data);
      }
      await batch.commit();
    },
    async writeOne(write) {
      const batch = db.batch();
      batch.set(db.doc(write.path), write.data);
      if (write.mail) batch.set(db.doc(write.mail.path), write.mail.data);
      await batch.commit();
    },
  };
}

export interface BroadcastResult {
  sent: number;
  failed: number;
}

/**
 * Writes one page: a single batch, and if that fails, each notification on its own so that
 * one bad write does not cost the other 499 theirs. Counts what was written and what failed.
 */
async function writePage(
  writer: FanOutWriter,
  writes: NotificationWrite[],
): Promise<BroadcastResult> {
  try {
    await writer.commitBatch(writes);
    return { sent: writes.length, failed: 0 };
  } catch (error) {
    logger.warn('Notification batch failed; writing one at a time', {
      error: String(error),
      size: writes.length,
    });
  }
  const outcomes = await Promise.allSettled(writes.map((write) => writer.writeOne(write)));
  const failed = outcomes.filter((outcome) => outcome.status === 'rejected').length;
  if (failed > 0) logger.error('Notifications not written', { failed });
  return { sent: writes.length - failed, failed };
}

/**
 * Sends a notification to every user, and e-mails it to those whose e-mail notifications are
 * on: pages through `users` by document id with a cursor (ids and addresses, one page in
 * memory at a time) and
 * writes each page's notifications and e-mails in one batch. Every user's copy (and e-mail)
 * has a fixed id, so repeating a page (a retry) writes no duplicates. A `marketing` message
 * goes only to users who take marketing (opted in, not on a play break), e-mailed to them.
 */
export async function broadcastNotification(
  db: Firestore,
  content: NotificationContent,
  notificationId: string,
  {
    now = new Date(),
    pageSize = NOTIFICATION_CONSTANTS.broadcastPageSize,
    writer = firestoreFanOutWriter(db),
    marketing = false,
  }: { now?: Date; pageSize?: number; writer?: FanOutWriter; marketing?: boolean } = {},
): Promise<BroadcastResult> {
  // Two writes a user at most (the notification and its e-mail) in one batch.
  const size = Math.min(pageSize, MAX_BATCH_WRITES / 2);
  const data = notificationData(content, now);
  const totals: BroadcastResult = { sent: 0, failed: 0 };
  let cursor: string | null = null;
  for (;;) {
    // The page itself carries each address: the profiles are not read a second time.
    let page = db
      .collection(usersCollection)
      .orderBy(FieldPath.documentId())
      .select('email')
      .limit(size);
    if (cursor) page = page.startAfter(cursor);
    const users = await page.get();
    if (users.empty) break;
    const recipients = await recipientsFrom(db, users.docs, { marketing, now });
    const writes = users.docs.flatMap((user, index) => {
      const recipient = recipients[index]!;
      if (marketing && !recipient.takesMarketing) return [];
      const email = marketing ? recipient.marketingEmail : recipient.email;
      return {
        uid: user.id,
        path: `${notificationsPath(user.id)}/${notificationId}`,
        data,
        mail: email
          ? {
              path: `${mailCollection}/${notificationId}-${user.id}`,
              data: notificationMail(email, content, now),
            }
          : null,
      };
    });
    const result = writes.length > 0 ? await writePage(writer, writes) : { sent: 0, failed: 0 };
    totals.sent += result.sent;
    totals.failed += result.failed;
    cursor = users.docs[users.docs.length - 1]!.id;
    if (users.size < size) break;
  }
  return totals;
}
