import { createHash } from 'node:crypto';
import {
  NOTIFICATION_CONSTANTS,
  SEND_NOTIFICATION_MESSAGES,
  ShopError,
  mailCollection,
  notificationsPath,
  usersCollection,
  type MailData,
  type NotificationBroadcastData,
  type NotificationData,
  type SendNotificationOutput,
} from '@rafflewin/domain';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { FieldPath, FieldValue, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/v2';
import { errorFields } from '../../lib/logging';
import { z } from 'zod';
import type { Caller } from '../../lib/access';
import { notificationBroadcastRef } from '../../lib/collections';
import { isAlreadyExists } from '../../lib/firestore';
import { MAX_BATCH_WRITES } from '../../lib/pagedWrites';
import type { Enqueue } from '../../lib/tasks';
import { messagingFor, type MessagingPort } from '../push/messaging';
import { devicesOfPage, pushPayload, sendToDevices } from '../push/push';
import { recordAudit } from '../admin/audit';
import {
  notificationData,
  notificationMail,
  recipientsFrom,
  sameWords,
  type NotificationContent,
} from './notify';

/** One user's copy of a notification sent to all, and its e-mail when they take e-mail. */
export interface NotificationWrite {
  uid: string;
  path: string;
  data: NotificationData;
  mail: { path: string; data: MailData } | null;
}

/**
 * How a page of notifications is written; tests swap in one that fails for some users. Both
 * create (never overwrite) each copy and its e-mail, so of two runs of one page at the same
 * moment (a task delivered twice) only one writes, e-mails and pushes each copy.
 */
export interface FanOutWriter {
  /** Writes a page atomically (one batch of at most 500 writes). */
  commitBatch(writes: NotificationWrite[]): Promise<void>;
  /** Writes one notification, when a page's batch failed. */
  writeOne(write: NotificationWrite): Promise<void>;
}

export function firestoreFanOutWriter(db: Firestore): FanOutWriter {
  const commit = async (writes: NotificationWrite[]) => {
    const batch = db.batch();
    for (const write of writes) {
      batch.create(db.doc(write.path), write.data);
      if (write.mail) batch.create(db.doc(write.mail.path), write.mail.data);
    }
    await batch.commit();
  };
  return { commitBatch: commit, writeOne: (write) => commit([write]) };
}

interface BroadcastResult {
  sent: number;
  failed: number;
}

interface PageResult extends BroadcastResult {
  /** The users whose copy was written. */
  written: string[];
}

/**
 * Writes one page: a single batch, and if that fails, each notification on its own so that
 * one bad write does not cost the other 499 theirs. Counts what was written and what failed;
 * a copy another run of the page wrote meanwhile counts as sent, but not as written here.
 */
async function writePage(writer: FanOutWriter, writes: NotificationWrite[]): Promise<PageResult> {
  try {
    await writer.commitBatch(writes);
    return { sent: writes.length, failed: 0, written: writes.map((write) => write.uid) };
  } catch (error) {
    if (!isAlreadyExists(error)) {
      logger.warn('Notification batch failed; writing one at a time', {
        ...errorFields(error),
        size: writes.length,
      });
    }
  }
  const outcomes = await Promise.allSettled(writes.map((write) => writer.writeOne(write)));
  const failed = outcomes.filter(
    (outcome) => outcome.status === 'rejected' && !isAlreadyExists(outcome.reason),
  ).length;
  if (failed > 0) logger.error('Notifications not written', { failed });
  const written = writes.filter((_, index) => outcomes[index]!.status === 'fulfilled');
  return { sent: writes.length - failed, failed, written: written.map((write) => write.uid) };
}

/** One page of a send to all: what it wrote, how many users it went through, the last one. */
interface BroadcastPage extends BroadcastResult {
  users: number;
  last: string | null;
  /** No users after this page. */
  done: boolean;
}

interface PageOptions {
  now: Date;
  pageSize: number;
  writer: FanOutWriter;
  marketing: boolean;
  messaging: MessagingPort;
  auth: Auth;
}

/** How many accounts Auth's getUsers looks up at once. */
const MAX_USERS_LOOKUP = 100;

/**
 * Of `uids`, the accounts a send (to all or to one) e-mails nothing: those whose address was
 * never confirmed (Auth's record: someone may have signed up with another person's address),
 * and those Auth no longer has (deleted, their profile not yet cleared away).
 */
export async function unconfirmedOf(auth: Auth, uids: string[]): Promise<Set<string>> {
  const unconfirmed = new Set<string>();
  for (let start = 0; start < uids.length; start += MAX_USERS_LOOKUP) {
    const ids = uids.slice(start, start + MAX_USERS_LOOKUP).map((uid) => ({ uid }));
    const { users, notFound } = await auth.getUsers(ids);
    for (const user of users) {
      if (!user.emailVerified) unconfirmed.add(user.uid);
    }
    for (const gone of notFound) {
      if ('uid' in gone) unconfirmed.add(gone.uid);
    }
  }
  return unconfirmed;
}

/**
 * One page of a send to all: the users after `cursor` by document id (ids and addresses, one
 * page in memory), each page's notifications and e-mails in one batch. Every user's copy (and
 * e-mail) has a fixed id, and a repeated page (a retry) writes, e-mails and pushes only the
 * copies not already there. A `marketing` message goes only to users who take marketing (opted
 * in, not banned, not on a play break). No e-mail goes to an address its account never
 * confirmed, or to an account Auth no longer has.
 */
async function broadcastPage(
  db: Firestore,
  content: NotificationContent,
  notificationId: string,
  cursor: string | null,
  { now, pageSize, writer, marketing, messaging, auth }: PageOptions,
): Promise<BroadcastPage> {
  // Two writes a user at most (the notification and its e-mail) in one batch.
  const size = Math.min(pageSize, MAX_BATCH_WRITES / 2);
  // The page itself carries each address: the profiles are not read a second time.
  let page = db
    .collection(usersCollection)
    .orderBy(FieldPath.documentId())
    .select('email', 'banned', 'dateOfBirth');
  if (cursor) page = page.startAfter(cursor);
  const users = await page.limit(size).get();
  if (users.empty) return { sent: 0, failed: 0, users: 0, last: null, done: true };
  const [recipients, unconfirmed] = await Promise.all([
    recipientsFrom(db, users.docs, { kind: content.kind, marketing, now }),
    unconfirmedOf(
      auth,
      users.docs.map((user) => user.id),
    ),
  ]);
  const data: NotificationData = { ...notificationData(content, now), fanOut: true };
  // Who chose push for this kind, of those the page writes to.
  const pushTo = new Set<string>();
  const writes = users.docs.flatMap((user, index) => {
    const recipient = recipients[index]!;
    if (marketing && !recipient.takesMarketing) return [];
    if (recipient.push) pushTo.add(user.id);
    const email = unconfirmed.has(user.id)
      ? null
      : marketing
        ? recipient.marketingEmail
        : recipient.email;
    return {
      uid: user.id,
      path: `${notificationsPath(user.id)}/${notificationId}`,
      data,
      mail: email
        ? {
            path: `${mailCollection}/${notificationId}-${user.id}`,
            data: notificationMail(email, content, now, marketing ? user.id : null),
          }
        : null,
    };
  });
  const last = users.docs[users.docs.length - 1]!.id;
  // A page run again (its task retried after it wrote but before it was counted) leaves the
  // copies it finds as they are (perhaps read since), sends no e-mail or push for them again,
  // and counts them as sent.
  const found =
    writes.length === 0
      ? []
      : await db.getAll(...writes.map((write) => db.doc(write.path)), { fieldMask: [] });
  const fresh = writes.filter((_, index) => !found[index]!.exists);
  const already = writes.length - fresh.length;
  if (fresh.length === 0) {
    return { sent: already, failed: 0, users: users.size, last, done: users.size < size };
  }
  const { written, ...outcome } = await writePage(writer, fresh);
  const result = { ...outcome, sent: outcome.sent + already };
  // Each copy written goes to its owner's devices too, when they chose push for messages.
  const wantsPush = written.filter((uid) => pushTo.has(uid));
  if (wantsPush.length > 0) {
    const devices = await devicesOfPage(db, cursor, last);
    const payload = pushPayload(notificationId, data);
    const sends = wantsPush.flatMap((uid) =>
      (devices.get(uid) ?? []).map((device) => ({ device, payload })),
    );
    await sendToDevices(db, messaging, sends);
  }
  return { ...result, users: users.size, last, done: users.size < size };
}

/** A task of the `sendBroadcastPage` queue: the page of the send after `cursor`. */
export const broadcastTaskSchema = z
  .object({ broadcastId: z.string().min(1).max(200), cursor: z.string().max(200).nullable() })
  .strict();
export type BroadcastTask = z.infer<typeof broadcastTaskSchema>;

/** The queue's id of a page's task: a step queued twice (a retry) is one task. */
export function broadcastTaskId({ broadcastId, cursor }: BroadcastTask): string {
  const page = createHash('sha256')
    .update(cursor ?? '')
    .digest('hex')
    .slice(0, 20);
  return `${broadcastId}-${page}`.replace(/[^A-Za-z0-9_-]/g, '_');
}

/**
 * Queues a page's task. `resumedAt`: Send pressed again to resume the send; Cloud Tasks refuses
 * an id it ran or deleted in about the last hour (the queue answers that it exists, and nothing
 * would run), so the resumed page's task has an id of its own. A page run twice does nothing
 * the second time (runBroadcastPage).
 */
const enqueuePage = (enqueue: Enqueue, task: BroadcastTask, resumedAt?: Date) =>
  enqueue(
    'sendBroadcastPage',
    task,
    `${broadcastTaskId(task)}${resumedAt ? `-resumed-${resumedAt.getTime()}` : ''}`,
  );

/**
 * Starts a send to all: records it (once per key: a repeat answers the record, and puts its
 * current page back on the queue, so pressing Send again resumes a send whose queue gave up),
 * audits it and queues its first page. Answers at once; the record shows the progress.
 */
export async function startBroadcast(
  db: Firestore,
  admin: Caller,
  content: NotificationContent,
  {
    notificationId,
    marketing,
    now = new Date(),
    enqueue,
  }: { notificationId: string; marketing: boolean; now?: Date; enqueue: Enqueue },
): Promise<SendNotificationOutput> {
  const ref = notificationBroadcastRef(db, notificationId);
  const total = (await db.collection(usersCollection).count().get()).data().count;
  const record: NotificationBroadcastData = {
    title: content.title,
    type: content.type,
    message: content.message,
    marketing,
    status: 'sending',
    total,
    processed: 0,
    sent: 0,
    failed: 0,
    cursor: null,
    previousCursor: null,
    nextQueued: true,
    by: admin.uid,
    startedAt: now,
    finishedAt: null,
  };
  const batch = db.batch();
  batch.create(ref, record);
  recordAudit(
    db,
    batch,
    admin,
    {
      action: 'notification.broadcast',
      target: `users/*/notifications/${notificationId}`,
      before: null,
      after: { ...content, marketing },
    },
    now,
  );
  try {
    await batch.commit();
  } catch (error) {
    if (!isAlreadyExists(error)) throw error;
    const earlier = (await ref.get()).data()!;
    // The key is one send: a repeat with other words would be told it went, in the old ones.
    const same = sameWords(earlier, record) && earlier.marketing === record.marketing;
    if (!same) {
      throw new ShopError('already-exists', SEND_NOTIFICATION_MESSAGES.keyReused, 'key-reused');
    }
    if (earlier.status === 'sending') {
      await enqueuePage(enqueue, { broadcastId: notificationId, cursor: earlier.cursor }, now);
    }
    const { sent, failed } = earlier;
    return { sent, failed, notificationId, queued: true, total: earlier.total };
  }
  await enqueuePage(enqueue, { broadcastId: notificationId, cursor: null });
  return { sent: 0, failed: 0, notificationId, queued: true, total };
}

/** Whether a task's page comes before the record's last counted user (a repeat). */
function isBehind(taskCursor: string | null, recordCursor: string | null): boolean {
  if (recordCursor === null) return false;
  return taskCursor === null || taskCursor < recordCursor;
}

/**
 * One task of a send to all: sends the page after the task's cursor, counts it and moves the
 * record's cursor on in a transaction, then queues the next page and notes it queued. Every
 * step is safe to repeat: copies have fixed ids, a page's task a fixed id, and the count moves
 * only with the cursor. A repeat of a counted page does nothing, unless queueing the next page
 * is what failed: then it queues it. A page queued ahead of its record fails, so the queue
 * tries it again a moment later.
 */
export async function runBroadcastPage(
  db: Firestore,
  task: BroadcastTask,
  {
    enqueue,
    pageSize = NOTIFICATION_CONSTANTS.broadcastPageSize,
    writer = firestoreFanOutWriter(db),
    messaging = messagingFor(db),
    auth = getAuth(),
  }: {
    enqueue: Enqueue;
    pageSize?: number;
    writer?: FanOutWriter;
    messaging?: MessagingPort;
    auth?: Auth;
  },
): Promise<void> {
  const ref = notificationBroadcastRef(db, task.broadcastId);
  const broadcast = (await ref.get()).data();
  if (!broadcast || broadcast.status === 'done') return;
  const queueNext = async (cursor: string | null) => {
    await enqueuePage(enqueue, { broadcastId: task.broadcastId, cursor });
    await ref.update({ nextQueued: true });
  };
  if (broadcast.cursor !== task.cursor) {
    // This page was counted, but its step failed before the next page was queued.
    if (broadcast.previousCursor === task.cursor && !broadcast.nextQueued) {
      await queueNext(broadcast.cursor);
      return;
    }
    if (isBehind(task.cursor, broadcast.cursor)) return;
    throw new Error(`Page after ${task.cursor} of ${task.broadcastId} is ahead of its record`);
  }
  const { title, message, type, marketing, startedAt } = broadcast;
  const content: NotificationContent = { title, message, type, kind: 'messages' };
  const page = await broadcastPage(db, content, task.broadcastId, task.cursor, {
    now: startedAt,
    pageSize,
    writer,
    marketing,
    messaging,
    auth,
  });
  const counted = await db.runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data()!;
    if (current.cursor !== task.cursor || current.status === 'done') return false;
    tx.update(ref, {
      cursor: page.last ?? task.cursor,
      previousCursor: task.cursor,
      nextQueued: page.done,
      processed: FieldValue.increment(page.users),
      sent: FieldValue.increment(page.sent),
      failed: FieldValue.increment(page.failed),
      ...(page.done ? { status: 'done', finishedAt: new Date() } : {}),
    });
    return true;
  });
  if (counted && !page.done) await queueNext(page.last);
}
