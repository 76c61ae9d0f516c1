/**
 * Fan-out: an administrator's "send to all" to 5,000 users. One request from the browser to
 * the `sendNotification` callable (over HTTP, through the Functions emulator, warmed by one
 * single-user send first), which queues the send; the `sendBroadcastPage` task queue (the
 * Cloud Tasks emulator) then writes every user's copy, 500 a page. Timed until the send's
 * record says done; against one request per user from the browser.
 */
import {
  NOTIFICATION_CONSTANTS,
  NOTIFICATION_TYPES,
  notificationBroadcastsCollection,
  userPath,
} from '@rafflewin/domain';
import { adminDb, eventually } from '../support/admin';
import { callOk, newAdmin } from '../support/customers';
import { fmt, mapLimit, median, since, times } from './stats';
import type { Benchmark, BenchRow } from './types';

const USERS = 5_000;

/** Adds plain profile documents until `users/` holds USERS (the fan-out reads `users/`). */
async function fillUsers(): Promise<number> {
  const existing = (await adminDb.collection('users').count().get()).data().count;
  const missing = Math.max(0, USERS - existing);
  const now = new Date();
  const ids = Array.from({ length: missing }, (_, i) => `bench-user-${String(i).padStart(5, '0')}`);
  const pages = Array.from({ length: Math.ceil(missing / 500) }, (_, p) =>
    ids.slice(p * 500, (p + 1) * 500),
  );
  await mapLimit(pages, 4, async (page) => {
    const batch = adminDb.batch();
    for (const id of page) {
      batch.set(adminDb.doc(userPath(id)), {
        email: `${id}@example.com`,
        username: null,
        bio: null,
        firstName: 'Bench',
        lastName: 'User',
        phoneNumber: null,
        dateOfBirth: '1990-01-01',
        banned: false,
        createdAt: now,
        updatedAt: now,
      });
    }
    await batch.commit();
  });
  return (await adminDb.collection('users').count().get()).data().count;
}

export const fanOut: Benchmark = {
  name: 'fanout',
  async run(ctx) {
    const admin = await newAdmin('Bench', 'Admin');
    const users = await fillUsers();
    ctx.log(`  users/ holds ${fmt(users)} profiles`);
    const type = NOTIFICATION_TYPES[0];
    // Warm the callable's worker: the first call also starts a Node process.
    await callOk(
      'sendNotification',
      {
        sendToAll: false,
        userId: admin.uid,
        type,
        title: 'Warm-up',
        message: 'Warm-up',
      },
      admin,
    );

    const wall: number[] = [];
    const written: number[] = [];
    for (let i = 0; i < ctx.repeats; i += 1) {
      const title = `Bench broadcast ${Date.now()}-${i}`;
      const start = performance.now();
      const result = await callOk(
        'sendNotification',
        { sendToAll: true, userId: null, type, title, message: 'Thanks for playing.' },
        admin,
      );
      const record = adminDb
        .collection(notificationBroadcastsCollection)
        .doc(result.notificationId);
      const done = await eventually(
        async () => {
          const data = (await record.get()).data();
          return data?.status === 'done' ? data : undefined;
        },
        { timeoutMs: 600_000, what: `the send to all ${result.notificationId} to finish` },
      );
      wall.push(since(start));
      const sent = done.sent as number;
      const failed = done.failed as number;
      const copies = (
        await adminDb.collectionGroup('notifications').where('title', '==', title).count().get()
      ).data().count;
      const audits = (
        await adminDb
          .collection('auditLog')
          .where('target', '==', `users/*/notifications/${result.notificationId}`)
          .count()
          .get()
      ).data().count;
      if (copies !== sent || failed !== 0) {
        throw new Error(`Sent ${sent}, failed ${failed}, found ${copies} copies`);
      }
      written.push(copies + audits);
      ctx.log(
        `  run ${i + 1}: ${fmt(wall.at(-1)! / 1000, 2)} s, ${copies} copies + ${audits} audit entry`,
      );
    }
    const configuration = `${fmt(users)} users, 1 callable request, a task per ${NOTIFICATION_CONSTANTS.broadcastPageSize}`;
    const benchmark = 'Fan-out (send to all)';
    const row = (
      measured: string,
      samples: number[],
      digits: number,
      comparison?: string,
    ): BenchRow => ({
      benchmark,
      measured,
      configuration,
      median: fmt(median(samples), digits),
      samples,
      ...(comparison ? { comparison } : {}),
    });
    return [
      row(
        'wall time (s)',
        wall.map((ms) => ms / 1000),
        2,
      ),
      row('documents written (notifications + audit entry)', written, 0),
      row(
        'requests from the browser',
        wall.map(() => 1),
        0,
        `${times(users, 1)} fewer than one request per user (${fmt(users)})`,
      ),
    ];
  },
};
