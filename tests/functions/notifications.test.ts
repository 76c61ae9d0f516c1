import {
  SEND_NOTIFICATION_MESSAGES,
  auditLogCollection,
  notificationBroadcastsCollection,
  notificationsPath,
  usersCollection,
  type SendNotificationInput,
  protectionPath,
  userPath,
  userSettingsPath,
} from '@rafflewin/domain';
import type { Enqueue } from '../../functions/src/lib/tasks';
import type { MessagingPort } from '../../functions/src/services/push/messaging';
import {
  broadcastTaskId,
  firestoreFanOutWriter,
  runBroadcastPage,
  startBroadcast,
  type BroadcastTask,
  type FanOutWriter,
} from '../../functions/src/services/notifications/broadcast';
import { siteUrl } from '../../functions/src/services/auth/links';
import { adminAuth, adminDb } from '../support/admin';
import {
  asServiceCaller,
  call,
  callOk,
  newAdmin,
  newCustomer,
  type Customer,
} from '../support/customers';
import { triggersSettled } from '../support/triggers';

jest.setTimeout(120_000);

let admin: Customer;
let customer: Customer;
let other: Customer;

beforeAll(async () => {
  [admin, customer, other] = await Promise.all([newAdmin(), newCustomer(), newCustomer()]);
});

/** Writes `count` notifications for a user (read or not) in batches. */
async function seedNotifications(uid: string, count: number, isRead = false) {
  for (let start = 0; start < count; start += 400) {
    const batch = adminDb.batch();
    for (let i = start; i < Math.min(count, start + 400); i += 1) {
      batch.set(adminDb.collection(notificationsPath(uid)).doc(), {
        type: 'raffle',
        title: `Notice ${i}`,
        message: 'Your raffle closes tonight.',
        supportTicketId: null,
        isRead,
        createdAt: new Date(Date.now() - i * 1000),
      });
    }
    await batch.commit();
  }
}

const countWhere = async (uid: string, isRead?: boolean) => {
  const all = adminDb.collection(notificationsPath(uid));
  const q = isRead === undefined ? all : all.where('isRead', '==', isRead);
  return (await q.count().get()).data().count;
};

const usersCount = async () =>
  (await adminDb.collection(usersCollection).count().get()).data().count;

/** The record of a send to all, once its queue has gone through every page. */
async function finished(notificationId: string) {
  await triggersSettled();
  return (
    await adminDb.collection(notificationBroadcastsCollection).doc(notificationId).get()
  ).data();
}

describe('markAllNotificationsRead', () => {
  it("marks every unread notification of the caller read, more than a batch's worth", async () => {
    const reader = await newCustomer('Reader');
    await seedNotifications(reader.uid, 520);
    await seedNotifications(reader.uid, 3, true);
    await seedNotifications(other.uid, 2);
    expect(await callOk('markAllNotificationsRead', {}, reader)).toEqual({ count: 520 });
    expect(await countWhere(reader.uid, false)).toBe(0);
    expect(await countWhere(reader.uid, true)).toBe(523);
    expect(await countWhere(other.uid, false)).toBeGreaterThanOrEqual(2);
  });

  it('refuses guests', async () => {
    expect(await call('markAllNotificationsRead', {})).toMatchObject({
      ok: false,
      status: 'UNAUTHENTICATED',
    });
  });
});

describe('deleteAllNotifications', () => {
  it("deletes every notification of the caller and nobody else's", async () => {
    const tidy = await newCustomer('Tidy');
    await seedNotifications(tidy.uid, 510);
    await seedNotifications(other.uid, 1);
    const othersBefore = await countWhere(other.uid);
    expect(await callOk('deleteAllNotifications', {}, tidy)).toEqual({ count: 510 });
    expect(await countWhere(tidy.uid)).toBe(0);
    expect(await countWhere(other.uid)).toBe(othersBefore);
  });

  it('refuses guests', async () => {
    expect(await call('deleteAllNotifications', {})).toMatchObject({
      ok: false,
      status: 'UNAUTHENTICATED',
    });
  });
});

describe('sendNotification (Create Notification)', () => {
  const notice: SendNotificationInput = {
    sendToAll: false,
    userId: null,
    type: 'system',
    title: 'Scheduled maintenance',
    message: 'The shop is closed on Sunday morning.',
  };

  it('refuses guests and customers and writes nothing', async () => {
    const before = await countWhere(other.uid);
    expect(await call('sendNotification', { ...notice, userId: other.uid })).toMatchObject({
      ok: false,
      status: 'UNAUTHENTICATED',
    });
    expect(await call('sendNotification', { ...notice, sendToAll: true }, customer)).toEqual({
      ok: false,
      status: 'PERMISSION_DENIED',
      message: 'Access denied. Admin privileges required.',
    });
    expect(await countWhere(other.uid)).toBe(before);
  });

  it("checks the form with the shop's messages", async () => {
    expect(await call('sendNotification', notice, admin)).toMatchObject({
      ok: false,
      status: 'INVALID_ARGUMENT',
      message: SEND_NOTIFICATION_MESSAGES.userRequired,
    });
    expect(
      await call('sendNotification', { ...notice, userId: other.uid, title: ' ' }, admin),
    ).toMatchObject({ ok: false, message: SEND_NOTIFICATION_MESSAGES.titleAndMessageRequired });
    expect(
      await call('sendNotification', { ...notice, userId: 'no-such-user' }, admin),
    ).toMatchObject({ ok: false, status: 'NOT_FOUND', message: 'User not found' });
  });

  it('sends to one user, with an audit entry', async () => {
    const result = await callOk(
      'sendNotification',
      { ...notice, userId: other.uid, type: 'win' },
      admin,
    );
    expect(result).toMatchObject({ sent: 1, failed: 0 });
    const stored = await adminDb
      .doc(`${notificationsPath(other.uid)}/${result.notificationId}`)
      .get();
    expect(stored.data()).toMatchObject({
      type: 'win',
      title: 'Scheduled maintenance',
      isRead: false,
      supportTicketId: null,
    });
    // E-mail notifications are on by default: the notification is e-mailed too.
    const mail = await adminDb.doc(`mail/${result.notificationId}-${other.uid}`).get();
    expect(mail.data()).toMatchObject({ to: other.email, subject: 'Scheduled maintenance' });
    expect(mail.get('text')).toContain(notice.message);
    const audit = await adminDb
      .collection(auditLogCollection)
      .where('target', '==', stored.ref.path)
      .get();
    expect(audit.docs[0]?.data()).toMatchObject({
      action: 'notification.create',
      actorUid: admin.uid,
    });
  });

  it('sends to one user whose address was never confirmed in the app only, not by e-mail', async () => {
    const unconfirmed = await newCustomer('Not', 'Confirmed');
    await adminAuth.updateUser(unconfirmed.uid, { emailVerified: false });
    const result = await callOk(
      'sendNotification',
      { ...notice, userId: unconfirmed.uid, type: 'win' },
      admin,
    );
    expect(result).toMatchObject({ sent: 1, failed: 0 });
    const stored = await adminDb
      .doc(`${notificationsPath(unconfirmed.uid)}/${result.notificationId}`)
      .get();
    expect(stored.exists).toBe(true);
    // Someone may have signed up with another person's address: they are not written to.
    const mail = await adminDb.doc(`mail/${result.notificationId}-${unconfirmed.uid}`).get();
    expect(mail.exists).toBe(false);
  });

  it('e-mails nothing to an account Auth no longer has, its profile not yet cleared away', async () => {
    const gone = await newCustomer('Gone', 'Already');
    await adminAuth.deleteUser(gone.uid);
    await adminDb.doc(userPath(gone.uid)).set({ email: gone.email }, { merge: true });
    const result = await callOk(
      'sendNotification',
      { ...notice, userId: gone.uid, type: 'win' },
      admin,
    );
    const mail = await adminDb.doc(`mail/${result.notificationId}-${gone.uid}`).get();
    expect(mail.exists).toBe(false);
  });

  it('sends to every user through the queue, counting who received it, e-mailing those who take e-mail', async () => {
    await adminDb
      .doc(userSettingsPath(other.uid))
      .set({ emailNotifications: false }, { merge: true });
    const everyone = await usersCount();
    const result = await callOk(
      'sendNotification',
      { ...notice, sendToAll: true, title: 'New raffles this week' },
      admin,
    );
    expect(result).toMatchObject({ queued: true, total: everyone });
    expect(await finished(result.notificationId)).toMatchObject({
      status: 'done',
      total: everyone,
      processed: everyone,
      sent: everyone,
      failed: 0,
      title: 'New raffles this week',
    });
    for (const user of [admin, customer, other]) {
      const copy = await adminDb
        .doc(`${notificationsPath(user.uid)}/${result.notificationId}`)
        .get();
      expect(copy.get('title')).toBe('New raffles this week');
    }
    const mailTo = async (user: Customer) =>
      (await adminDb.doc(`mail/${result.notificationId}-${user.uid}`).get()).get('to') as unknown;
    expect(await mailTo(customer)).toBe(customer.email);
    expect(await mailTo(other)).toBeUndefined();
    const audit = await adminDb
      .collection(auditLogCollection)
      .where('target', '==', `users/*/notifications/${result.notificationId}`)
      .get();
    expect(audit.docs[0]?.get('action')).toBe('notification.broadcast');
  });
});

describe('send to all, pressed twice', () => {
  it('sends once: a repeat with the same key answers the same send and writes nothing', async () => {
    const once = {
      type: 'system',
      title: 'Sent once',
      message: 'Only once, however often Send is pressed.',
      sendToAll: true,
      userId: null,
      requestId: `once-${Date.now()}`,
    } as const;
    const first = await callOk('sendNotification', once, admin);
    const again = await callOk('sendNotification', once, admin);
    expect(again).toMatchObject({ notificationId: first.notificationId, queued: true });
    expect(await finished(first.notificationId)).toMatchObject({
      status: 'done',
      sent: await usersCount(),
    });
    const audits = await adminDb
      .collection(auditLogCollection)
      .where('target', '==', `users/*/notifications/${first.notificationId}`)
      .get();
    expect(audits.size).toBe(1);
    expect(first.notificationId).toBe(`broadcast-${once.requestId}`);

    // The same key with the words corrected is refused: it would be told it went, in the old.
    expect(
      await call('sendNotification', { ...once, title: 'Sent once, corrected' }, admin),
    ).toMatchObject({ ok: false, message: SEND_NOTIFICATION_MESSAGES.keyReused });
    const record = await adminDb.doc(`notificationBroadcasts/${first.notificationId}`).get();
    expect(record.get('title')).toBe('Sent once');
  });
});

describe('a send to all whose queue gave up', () => {
  it('is finished by pressing Send again: the resumed page is a task of its own', async () => {
    const requestId = `stalled-${Date.now()}`;
    const broadcastId = `broadcast-${requestId}`;
    const firstPage = { broadcastId, cursor: null };
    // The first page's task id already used (as by a task Cloud Tasks tried until it gave up):
    // the queue takes no task under it again.
    await globalThis.inProcessTaskQueue!(
      'sendBroadcastPage',
      firstPage,
      broadcastTaskId(firstPage),
    );
    const send = {
      type: 'system',
      title: 'Stalled once',
      message: 'Sent to everyone in the end.',
      sendToAll: true,
      userId: null,
      requestId,
    } as const;
    await callOk('sendNotification', send, admin);
    await triggersSettled();
    const record = adminDb.doc(`notificationBroadcasts/${broadcastId}`);
    expect((await record.get()).data()).toMatchObject({ status: 'sending', cursor: null });
    await callOk('sendNotification', send, admin);
    expect(await finished(broadcastId)).toMatchObject({ status: 'done', sent: await usersCount() });
  });
});

describe('a send to one user, pressed twice', () => {
  it('sends once: a retry with the same key writes no second notification or e-mail', async () => {
    const customer = await newCustomer('Once', 'Only');
    const once = {
      type: 'system',
      title: 'Just for you',
      message: 'Sent once, however often Send is pressed.',
      sendToAll: false,
      userId: customer.uid,
      requestId: `one-${Date.now()}`,
    } as const;
    const first = await callOk('sendNotification', once, admin);
    const again = await callOk('sendNotification', once, admin);
    expect(again).toEqual(first);
    await triggersSettled();
    const copies = await adminDb
      .collection(notificationsPath(customer.uid))
      .where('title', '==', once.title)
      .get();
    expect(copies.docs.map((doc) => doc.id)).toEqual([first.notificationId]);
    const mail = await adminDb.collection('mail').where('to', '==', customer.email).get();
    expect(mail.docs.filter((doc) => doc.get('subject') === once.title)).toHaveLength(1);
    const audits = await adminDb
      .collection(auditLogCollection)
      .where('target', '==', `${notificationsPath(customer.uid)}/${first.notificationId}`)
      .get();
    expect(audits.size).toBe(1);
    // The same key with the words corrected is refused, as for a send to all.
    expect(await call('sendNotification', { ...once, message: 'Corrected.' }, admin)).toMatchObject(
      { ok: false, message: SEND_NOTIFICATION_MESSAGES.keyReused },
    );
    // The customer deletes it, and Send is pressed again (its answer lost): it went already, so
    // nothing comes back (before, the notification, its push and its e-mail went a second time).
    await callOk('deleteAllNotifications', {}, customer);
    const mailBefore = (await adminDb.doc(`mail/${first.notificationId}-${customer.uid}`).get())
      .updateTime;
    expect(await callOk('sendNotification', once, admin)).toEqual(first);
    await triggersSettled();
    expect((await adminDb.collection(notificationsPath(customer.uid)).get()).size).toBe(0);
    const mailAfter = await adminDb.doc(`mail/${first.notificationId}-${customer.uid}`).get();
    expect(mailAfter.updateTime).toEqual(mailBefore);
    expect(
      (
        await adminDb
          .collection(auditLogCollection)
          .where('target', '==', `${notificationsPath(customer.uid)}/${first.notificationId}`)
          .get()
      ).size,
    ).toBe(1);
  });
});

describe('marketing messages', () => {
  it('go only to customers who opted in and are not on a play break, in the app and by e-mail', async () => {
    await Promise.all([
      adminDb.doc(userSettingsPath(customer.uid)).set({ marketingEmails: true }, { merge: true }),
      adminDb.doc(userSettingsPath(other.uid)).set({ marketingEmails: true }, { merge: true }),
      adminDb.doc(userSettingsPath(admin.uid)).set({ marketingEmails: false }, { merge: true }),
      // Opted in, but taking a break from play: no marketing reaches them.
      adminDb
        .doc(protectionPath(other.uid))
        .set({ breakUntil: new Date(Date.now() + 86_400_000) }, { merge: true }),
    ]);
    // Opted in, but banned: an account that can buy nothing is offered nothing.
    const banned = await newCustomer('Banned');
    await Promise.all([
      adminDb.doc(userSettingsPath(banned.uid)).set({ marketingEmails: true }, { merge: true }),
      adminDb.doc(userPath(banned.uid)).update({ banned: true }),
    ]);
    // Opted in, but excluded from play for good.
    const excluded = await newCustomer('Excluded');
    await Promise.all([
      adminDb.doc(userSettingsPath(excluded.uid)).set({ marketingEmails: true }, { merge: true }),
      adminDb
        .doc(protectionPath(excluded.uid))
        .set({ breakUntil: null, breakPermanent: true }, { merge: true }),
    ]);
    const offer = {
      type: 'raffle',
      title: 'Double tickets weekend',
      message: 'Every ticket counts twice this weekend.',
      marketing: true,
    } as const;
    const result = await callOk(
      'sendNotification',
      { ...offer, sendToAll: true, userId: null },
      admin,
    );
    expect(await finished(result.notificationId)).toMatchObject({ sent: 1, failed: 0 });
    const copy = (user: Customer) =>
      adminDb.doc(`${notificationsPath(user.uid)}/${result.notificationId}`).get();
    expect((await copy(customer)).get('title')).toBe('Double tickets weekend');
    expect((await copy(other)).exists).toBe(false);
    expect((await copy(excluded)).exists).toBe(false);
    expect((await copy(banned)).exists).toBe(false);
    expect((await copy(admin)).exists).toBe(false);
    const mail = await adminDb.doc(`mail/${result.notificationId}-${customer.uid}`).get();
    expect(mail.get('to')).toBe(customer.email);
    // Why it came and how to stop it, as the law asks of offers by e-mail.
    expect(mail.get('text')).toContain(
      `You get this because you chose offers and news from us. To stop them, turn off "Send me offers and news about new competitions" at ${siteUrl()}/account/settings`,
    );

    expect(
      await call('sendNotification', { ...offer, sendToAll: false, userId: other.uid }, admin),
    ).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: SEND_NOTIFICATION_MESSAGES.noMarketing,
    });
    const audit = await adminDb
      .collection(auditLogCollection)
      .where('target', '==', `users/*/notifications/${result.notificationId}`)
      .get();
    expect(audit.docs[0]?.get('after')).toMatchObject({ marketing: true });
  });

  it('are not e-mailed to a customer who opted in but turned e-mail off', async () => {
    const quiet = await newCustomer('Opted', 'Quiet');
    await adminDb
      .doc(userSettingsPath(quiet.uid))
      .set({ marketingEmails: true, emailNotifications: false }, { merge: true });
    const result = await callOk(
      'sendNotification',
      {
        type: 'raffle',
        title: 'Weekend offer',
        message: 'Two for one.',
        marketing: true,
        sendToAll: false,
        userId: quiet.uid,
      },
      admin,
    );
    const copy = await adminDb
      .doc(`${notificationsPath(quiet.uid)}/${result.notificationId}`)
      .get();
    expect(copy.exists).toBe(true);
    expect((await adminDb.doc(`mail/${result.notificationId}-${quiet.uid}`).get()).exists).toBe(
      false,
    );
  });
});

/** An FCM stand-in that accepts every push and records the device tokens it was sent to. */
function recordingMessaging(): { pushed: string[]; messaging: MessagingPort } {
  const pushed: string[] = [];
  const messaging: MessagingPort = {
    sendEach: (messages) => {
      pushed.push(...messages.map((message) => message.token));
      return Promise.resolve(messages.map(() => ({ ok: true as const })));
    },
  };
  return { pushed, messaging };
}

describe('the send-to-all queue', () => {
  const content = {
    type: 'system',
    kind: 'messages',
    title: 'Queued',
    message: 'A page at a time',
  } as const;
  /** The administrator as the callable hands them to the service. */
  const caller = () => asServiceCaller(admin);

  it('pages through the users and counts the notifications it could not write', async () => {
    // The failures below are the point; their log lines are noise here.
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const everyone = await usersCount();
    const unlucky = new Set([customer.uid, other.uid]);
    const real = firestoreFanOutWriter(adminDb);
    let batches = 0;
    const flaky: FanOutWriter = {
      async commitBatch(writes) {
        batches += 1;
        if (writes.some((write) => unlucky.has(write.uid))) throw new Error('batch refused');
        await real.commitBatch(writes);
      },
      async writeOne(write) {
        if (unlucky.has(write.uid)) throw new Error('write refused');
        await real.writeOne(write);
      },
    };
    const tasks: BroadcastTask[] = [];
    const enqueue: Enqueue = (_queue, data) => {
      tasks.push(data as BroadcastTask);
      return Promise.resolve();
    };
    await startBroadcast(
      adminDb,
      caller(),
      { type: 'raffle', kind: 'messages', title: 'Paged', message: 'Seven at a time' },
      { notificationId: 'broadcast-paged-test', marketing: false, enqueue },
    );
    while (tasks.length > 0) {
      await runBroadcastPage(adminDb, tasks.shift()!, { enqueue, pageSize: 7, writer: flaky });
    }
    expect(await finished('broadcast-paged-test')).toMatchObject({
      sent: everyone - 2,
      failed: 2,
    });
    expect(batches).toBe(Math.ceil(everyone / 7));
    const copy = (uid: string) =>
      adminDb.doc(`${notificationsPath(uid)}/broadcast-paged-test`).get();
    expect((await copy(admin.uid)).exists).toBe(true);
    expect((await copy(customer.uid)).exists).toBe(false);
  });

  it('goes through every page, tries a failed step again and counts each user once, whatever is delivered twice', async () => {
    const everyone = await usersCount();
    const tasks: BroadcastTask[] = [];
    let refuse = 1;
    // The queue refuses one page once (the step that queued it fails and is tried again).
    const enqueue: Enqueue = (_queue, data) => {
      const task = data as BroadcastTask;
      if (task.cursor !== null && refuse > 0) {
        refuse -= 1;
        return Promise.reject(new Error('queue unavailable'));
      }
      tasks.push(task);
      return Promise.resolve();
    };
    const notificationId = `broadcast-queue-${Date.now()}`;
    const started = await startBroadcast(adminDb, caller(), content, {
      notificationId,
      marketing: false,
      enqueue,
    });
    expect(started).toEqual({ sent: 0, failed: 0, notificationId, queued: true, total: everyone });
    let failures = 0;
    while (tasks.length > 0) {
      const task = tasks.shift()!;
      try {
        await runBroadcastPage(adminDb, task, { enqueue, pageSize: 3 });
      } catch (error) {
        failures += 1;
        if (failures > 3) throw error;
        tasks.unshift(task);
        continue;
      }
      // Cloud Tasks delivers at least once: the same task again changes nothing.
      await runBroadcastPage(adminDb, task, { enqueue, pageSize: 3 });
    }
    expect(failures).toBe(1);
    const record = await finished(notificationId);
    expect(record).toMatchObject({
      status: 'done',
      processed: everyone,
      sent: everyone,
      failed: 0,
    });
    const copies = await adminDb
      .collectionGroup('notifications')
      .where('title', '==', 'Queued')
      .count()
      .get();
    expect(copies.data().count).toBe(everyone);
  });

  it('a page run again after it wrote and before it was counted pushes nothing twice and leaves read copies read', async () => {
    const everyone = await usersCount();
    await callOk('registerDevice', { token: `retry-${customer.uid}`, label: 'Phone' }, customer);
    const { pushed, messaging } = recordingMessaging();
    const tasks: BroadcastTask[] = [];
    const enqueue: Enqueue = (_queue, data) => {
      tasks.push(data as BroadcastTask);
      return Promise.resolve();
    };
    const notificationId = `broadcast-retried-${Date.now()}`;
    await startBroadcast(adminDb, caller(), content, { notificationId, marketing: false, enqueue });
    const record = adminDb.collection(notificationBroadcastsCollection).doc(notificationId);
    const uncounted = (await record.get()).data()!;
    const [task] = tasks.splice(0);
    const pageSize = everyone + 10;
    await runBroadcastPage(adminDb, task!, { enqueue, pageSize, messaging });
    expect(pushed).toEqual([`retry-${customer.uid}`]);
    // As if the step had died after its writes and pushes, before its count: the queue tries
    // the page again, and the customer has read their copy meanwhile.
    await record.set(uncounted);
    const copy = adminDb.doc(`${notificationsPath(customer.uid)}/${notificationId}`);
    await copy.update({ isRead: true });
    await runBroadcastPage(adminDb, task!, { enqueue, pageSize, messaging });
    expect(pushed).toEqual([`retry-${customer.uid}`]);
    expect((await copy.get()).get('isRead')).toBe(true);
    expect((await record.get()).data()).toMatchObject({
      status: 'done',
      processed: everyone,
      sent: everyone,
      failed: 0,
    });
  });

  it('a page delivered twice at the same moment pushes each device once', async () => {
    const everyone = await usersCount();
    await callOk('registerDevice', { token: `twice-${customer.uid}`, label: 'Phone' }, customer);
    const { pushed, messaging } = recordingMessaging();
    // Both runs have found the page unwritten before either writes it.
    const real = firestoreFanOutWriter(adminDb);
    let arrived = 0;
    let release: () => void = () => undefined;
    const bothThere = new Promise<void>((resolve) => (release = resolve));
    const together: FanOutWriter = {
      async commitBatch(writes) {
        arrived += 1;
        if (arrived === 2) release();
        await bothThere;
        await real.commitBatch(writes);
      },
      writeOne: (write) => real.writeOne(write),
    };
    const tasks: BroadcastTask[] = [];
    const enqueue: Enqueue = (_queue, data) => {
      tasks.push(data as BroadcastTask);
      return Promise.resolve();
    };
    const notificationId = `broadcast-twice-${Date.now()}`;
    await startBroadcast(adminDb, caller(), content, { notificationId, marketing: false, enqueue });
    const [task] = tasks.splice(0);
    const options = { enqueue, pageSize: everyone + 10, messaging, writer: together };
    await Promise.all([
      runBroadcastPage(adminDb, task!, options),
      runBroadcastPage(adminDb, task!, options),
    ]);
    // Each of the customer's devices (one registered by the test before) once.
    expect(pushed).toContain(`twice-${customer.uid}`);
    expect(pushed.length).toBe(new Set(pushed).size);
    expect(await finished(notificationId)).toMatchObject({
      status: 'done',
      processed: everyone,
      sent: everyone,
      failed: 0,
    });
  });

  it('refuses a page queued ahead of its record, so the queue tries it again later', async () => {
    const notificationId = `broadcast-ahead-${Date.now()}`;
    const enqueue: Enqueue = () => Promise.resolve();
    await startBroadcast(adminDb, caller(), content, { notificationId, marketing: false, enqueue });
    await expect(
      runBroadcastPage(adminDb, { broadcastId: notificationId, cursor: 'zzzz' }, { enqueue }),
    ).rejects.toThrow('ahead of its record');
    expect(await finished(notificationId)).toMatchObject({ status: 'sending', processed: 0 });
  });
});
