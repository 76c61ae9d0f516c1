/**
 * Push notifications: the devices a customer registers, which notifications reach them (the
 * customer's per-kind choice, a send to all's pages, the marketing rules), the clean-up of
 * tokens FCM reports dead, and "ending soon" for saved raffles. The functions send through the
 * emulator's recorder (services/push/messaging.ts), read back here.
 */
import {
  ACCESS_MESSAGES,
  DEFAULT_PROTECTION,
  MAX_PUSH_DEVICES,
  PUSH_MESSAGES,
  RATE_LIMITS,
  SITE_SETTINGS_PATH,
  devicesPath,
  notificationsPath,
  protectionPath,
  savedRafflesPath,
  userPath,
  userSettingsPath,
  type NotificationChannels,
  type NotificationData,
} from '@rafflewin/domain';
import type { Enqueue } from '../../functions/src/lib/tasks';
import {
  runBroadcastPage,
  startBroadcast,
  type BroadcastTask,
} from '../../functions/src/services/notifications/broadcast';
import { notifyUser } from '../../functions/src/services/notifications/notify';
import * as devices from '../../functions/src/services/push/devices';
import { endSessions } from '../../functions/src/services/account/session';
import {
  endingSoonNoticeId,
  notifySavedRafflesEndingSoon,
} from '../../functions/src/services/push/endingSoon';
import {
  EMULATOR_PUSH_COLLECTION,
  EMULATOR_UNREGISTERED_DOC,
  recordingMessaging,
} from '../../functions/src/services/push/messaging';
import { deviceIdOf, pushNotification } from '../../functions/src/services/push/push';
import { adminAuth, adminDb } from '../support/admin';
import {
  asServiceCaller,
  call,
  callOk,
  newAdmin,
  newCustomer,
  signInAgain,
  type Customer,
} from '../support/customers';
import { triggersSettled } from '../support/triggers';
import { buyTickets, createRaffle } from '../support/raffles';

jest.setTimeout(120_000);

jest.mock('../../functions/src/services/push/devices', () => {
  const actual = jest.requireActual<typeof devices>('../../functions/src/services/push/devices');
  return { ...actual, registerDevice: jest.fn(actual.registerDevice) };
});
const { registerDevice } = devices;

const messaging = recordingMessaging(adminDb);
const HOUR = 60 * 60 * 1000;

let admin: Customer;
let customer: Customer;

beforeAll(async () => {
  [admin, customer] = await Promise.all([newAdmin(), newCustomer('Pushy')]);
});

/** What the recorder was given for a token, oldest first. */
async function pushesTo(token: string) {
  const sent = await adminDb.collection(EMULATOR_PUSH_COLLECTION).where('token', '==', token).get();
  return sent.docs
    .map((doc) => doc.data() as { data: Record<string, string>; sentAt: { toMillis(): number } })
    .sort((a, b) => a.sentAt.toMillis() - b.sentAt.toMillis())
    .map((message) => message.data);
}

const uniqueToken = (name: string) =>
  `${name}-${Date.now()}-${Math.random().toString(36).slice(2)}`;

async function chooseChannels(uid: string, channels: NotificationChannels) {
  await adminDb.doc(userSettingsPath(uid)).set({ notificationChannels: channels }, { merge: true });
}

/** A notification as the shop writes one; its trigger (onNotificationCreated) pushes it. */
async function notify(uid: string, content: Parameters<typeof notifyUser>[2]): Promise<string> {
  const id = await notifyUser(adminDb, uid, content);
  await triggersSettled();
  return id;
}

describe('registerDevice and removeDevice', () => {
  it("stores the browser's token under a hash of it, once however often it registers", async () => {
    const token = uniqueToken('phone');
    const first = await callOk('registerDevice', { token, label: 'Chrome on Android' }, customer);
    const again = await callOk('registerDevice', { token, label: 'Chrome on Android' }, customer);
    expect(first.deviceId).toBe(deviceIdOf(token));
    expect(again.deviceId).toBe(first.deviceId);
    const device = await adminDb.doc(`${devicesPath(customer.uid)}/${first.deviceId}`).get();
    expect(device.data()).toMatchObject({ uid: customer.uid, token, label: 'Chrome on Android' });
  });

  it('moves a token to the account now signed in on that browser', async () => {
    const [first, second] = await Promise.all([newCustomer('Shared'), newCustomer('Shared')]);
    const token = uniqueToken('shared');
    const { deviceId } = await callOk('registerDevice', { token, label: 'Family PC' }, first);
    await callOk('registerDevice', { token, label: 'Family PC' }, second);
    expect((await adminDb.doc(`${devicesPath(first.uid)}/${deviceId}`).get()).exists).toBe(false);
    expect((await adminDb.doc(`${devicesPath(second.uid)}/${deviceId}`).get()).exists).toBe(true);
  });

  it('keeps no device for a sign-in whose sessions end while it registers', async () => {
    // Signed in a second before: the cut-off is kept to the second and spares a token of that
    // very second. endSessions waits out the account's last sign-in second, which a token
    // minted in-process does not record in Auth.
    const owner = await signInAgain(await newCustomer('Racing'), {
      authTime: Math.floor(Date.now() / 1000) - 1,
    });
    const actual = jest.requireActual<typeof devices>('../../functions/src/services/push/devices');
    // "Sign out everywhere" (or a ban, or a password change) lands after the callable checked
    // the sign-in and before the device is written; it removes the devices it finds.
    jest.mocked(registerDevice).mockImplementationOnce(async (...args) => {
      await endSessions(adminDb, adminAuth, owner.uid);
      return actual.registerDevice(...args);
    });
    const token = uniqueToken('racing');
    expect(await call('registerDevice', { token, label: 'Phone' }, owner)).toMatchObject({
      ok: false,
      status: 'UNAUTHENTICATED',
    });
    // Before, the device was written after the removal and kept the account's pushes coming.
    expect((await adminDb.collection(devicesPath(owner.uid)).get()).size).toBe(0);
  });

  it(`keeps the ${MAX_PUSH_DEVICES} most recently used devices`, async () => {
    const owner = await newCustomer('Gadgets');
    const start = Date.now() - 100 * HOUR;
    for (let i = 0; i < MAX_PUSH_DEVICES + 2; i += 1) {
      await registerDevice(
        adminDb,
        owner.uid,
        { token: `gadget-${owner.uid}-${i}`, label: `Device ${i}` },
        { now: new Date(start + i * HOUR) },
      );
    }
    const kept = await adminDb.collection(devicesPath(owner.uid)).get();
    expect(kept.size).toBe(MAX_PUSH_DEVICES);
    const labels = kept.docs.map((doc) => doc.get('label') as string);
    expect(labels).not.toContain('Device 0');
    expect(labels).not.toContain('Device 1');
    expect(labels).toContain(`Device ${MAX_PUSH_DEVICES + 1}`);
  });

  it("removes the caller's own device only", async () => {
    const owner = await newCustomer('Owner');
    const { deviceId } = await callOk(
      'registerDevice',
      { token: uniqueToken('own'), label: 'Mine' },
      owner,
    );
    const stranger = await newCustomer('Stranger');
    const refused = await call('removeDevice', { deviceId }, stranger);
    expect(refused).toEqual({
      ok: false,
      status: 'NOT_FOUND',
      message: PUSH_MESSAGES.deviceNotFound,
    });
    expect((await adminDb.doc(`${devicesPath(owner.uid)}/${deviceId}`).get()).exists).toBe(true);
    expect(await callOk('removeDevice', { deviceId }, owner)).toEqual({ removed: true });
    expect((await adminDb.doc(`${devicesPath(owner.uid)}/${deviceId}`).get()).exists).toBe(false);
  });

  it('lets a customer sign out of push in maintenance mode, when nothing else is open to them', async () => {
    const owner = await newCustomer('Leaving');
    const { deviceId } = await callOk(
      'registerDevice',
      { token: uniqueToken('leaving'), label: 'Shared PC' },
      owner,
    );
    const settings = adminDb.doc(SITE_SETTINGS_PATH);
    await settings.set({ maintenanceMode: true }, { merge: true });
    try {
      expect(
        await call('registerDevice', { token: uniqueToken('new'), label: 'X' }, owner),
      ).toMatchObject({
        ok: false,
        message: ACCESS_MESSAGES.maintenance,
      });
      expect(await callOk('removeDevice', { deviceId }, owner)).toEqual({ removed: true });
      expect((await adminDb.doc(`${devicesPath(owner.uid)}/${deviceId}`).get()).exists).toBe(false);
    } finally {
      await settings.set({ maintenanceMode: false }, { merge: true });
    }
  });

  it('refuses a loop of registrations', async () => {
    const looper = await newCustomer('Looper');
    const { max, message } = RATE_LIMITS.registerDevice;
    for (let i = 0; i < max; i += 1) {
      await callOk('registerDevice', { token: `loop-${looper.uid}-${i}`, label: 'Bot' }, looper);
    }
    const refused = await call(
      'registerDevice',
      { token: `loop-${looper.uid}-x`, label: 'Bot' },
      looper,
    );
    expect(refused).toEqual({ ok: false, status: 'RESOURCE_EXHAUSTED', message });
    expect((await adminDb.collection(devicesPath(looper.uid)).get()).size).toBe(MAX_PUSH_DEVICES);
  });

  it('refuses guests and malformed input, changing nothing', async () => {
    const guest = await call('registerDevice', { token: 'x', label: 'y' });
    expect(guest).toMatchObject({ ok: false, status: 'UNAUTHENTICATED' });
    const empty = await call('registerDevice', { token: ' ', label: 'y' }, customer);
    expect(empty).toMatchObject({ ok: false, status: 'INVALID_ARGUMENT' });
    const bad = await call('removeDevice', { deviceId: '../settings/preferences' }, customer);
    expect(bad).toMatchObject({ ok: false, status: 'INVALID_ARGUMENT' });
    expect((await adminDb.collection(devicesPath(customer.uid)).get()).size).toBe(1);
  });
});

describe('a notification pushed to its customer', () => {
  it('goes to every device of theirs, with its text and the page a click opens', async () => {
    const owner = await newCustomer('Devices');
    const [phone, laptop] = [uniqueToken('phone'), uniqueToken('laptop')];
    await registerDevice(adminDb, owner.uid, { token: phone, label: 'Phone' });
    await registerDevice(adminDb, owner.uid, { token: laptop, label: 'Laptop' });
    const id = await notify(owner.uid, {
      type: 'account',
      kind: 'support',
      title: 'New reply to your support ticket',
      message: 'Support replied',
      supportTicketId: 'ticket-1',
    });
    for (const token of [phone, laptop]) {
      expect(await pushesTo(token)).toEqual([
        {
          title: 'New reply to your support ticket',
          body: 'Support replied',
          link: '/account/support/ticket-1',
          kind: 'support',
          notificationId: id,
        },
      ]);
    }
  });

  it('goes nowhere when the customer turned push off for that kind, or has no device', async () => {
    const owner = await newCustomer('Quiet');
    const token = uniqueToken('quiet');
    await registerDevice(adminDb, owner.uid, { token, label: 'Phone' });
    await chooseChannels(owner.uid, { draw: { push: false } });
    await notify(owner.uid, {
      type: 'raffle',
      kind: 'draw',
      title: 'Draw result',
      message: 'Not this time',
      link: '/draws/r1',
    });
    await notify(owner.uid, {
      type: 'win',
      kind: 'win',
      title: 'You won',
      message: 'Congratulations',
      link: '/draws/r2',
    });
    expect((await pushesTo(token)).map((push) => push.link)).toEqual(['/draws/r2']);

    const deviceless = await newCustomer('Deviceless');
    const id = await notifyUser(adminDb, deviceless.uid, {
      type: 'account',
      kind: 'account',
      title: 'Password changed',
      message: 'Signed out',
    });
    const data = (await adminDb.doc(`${notificationsPath(deviceless.uid)}/${id}`).get()).data();
    const outcome = await pushNotification(adminDb, messaging, deviceless.uid, id, {
      ...(data as NotificationData),
      createdAt: new Date(),
    });
    expect(outcome).toEqual({ sent: 0, failed: 0, removed: 0 });
  });

  it('removes a device whose token FCM reports unregistered, and keeps the others', async () => {
    // FCM's answer for the dead token is logged as a warning: expected here.
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const owner = await newCustomer('Stale');
    const [dead, alive] = [uniqueToken('dead'), uniqueToken('alive')];
    await registerDevice(adminDb, owner.uid, { token: dead, label: 'Old phone' });
    await registerDevice(adminDb, owner.uid, { token: alive, label: 'New phone' });
    await adminDb.doc(EMULATOR_UNREGISTERED_DOC).set({ tokens: [dead] });
    await notify(owner.uid, {
      type: 'account',
      kind: 'account',
      title: 'Security',
      message: 'Two-factor turned on',
    });
    expect(await pushesTo(alive)).toHaveLength(1);
    expect(await pushesTo(dead)).toHaveLength(0);
    const left = await adminDb.collection(devicesPath(owner.uid)).get();
    expect(left.docs.map((doc) => doc.get('token'))).toEqual([alive]);
  });

  it("leaves a send to all's copies to the send's own pages", async () => {
    const owner = await newCustomer('FanOut');
    await registerDevice(adminDb, owner.uid, { token: uniqueToken('fan'), label: 'Phone' });
    // Called directly: the send's pages write these copies themselves.
    const outcome = await pushNotification(adminDb, messaging, owner.uid, 'broadcast-x', {
      type: 'system',
      kind: 'messages',
      title: 'Hello all',
      message: 'News',
      supportTicketId: null,
      isRead: false,
      createdAt: new Date(),
      fanOut: true,
    });
    expect(outcome.sent).toBe(0);
  });

  it('confirms a paid order in the app, with the order page as its link', async () => {
    const buyer = await newCustomer('Buyer');
    const raffleId = await createRaffle();
    const numbers = await buyTickets(buyer, raffleId, 2);
    const orders = await adminDb.collection(notificationsPath(buyer.uid)).get();
    const order = orders.docs.find((doc) => doc.id.startsWith('order-'));
    expect(order?.data()).toMatchObject({
      kind: 'order',
      title: PUSH_MESSAGES.orderConfirmedTitle,
      link: `/account/orders/${order!.id.slice('order-'.length)}`,
    });
    expect(order?.get('message')).toContain(`${numbers.length} tickets`);
  });
});

describe('a send to all', () => {
  it('pushes every page to the devices of those who take it, through the same queue', async () => {
    const people = await Promise.all([
      newCustomer('Fan'),
      newCustomer('Fan'),
      newCustomer('Fan'),
      newCustomer('Fan'),
      newCustomer('Fan'),
    ]);
    const tokens = people.map((person) => uniqueToken(`fan-${person.uid}`));
    await Promise.all(
      people.map((person, index) =>
        registerDevice(adminDb, person.uid, { token: tokens[index]!, label: 'Phone' }),
      ),
    );
    // One takes marketing, one turned push off for messages, one is on a break from play, one
    // takes marketing but is known to be under 18 (an administrator recorded 17 years).
    await adminDb
      .doc(userSettingsPath(people[0]!.uid))
      .set({ marketingEmails: true }, { merge: true });
    await adminDb
      .doc(userSettingsPath(people[1]!.uid))
      .set({ marketingEmails: true }, { merge: true });
    await chooseChannels(people[1]!.uid, { messages: { push: false } });
    await adminDb
      .doc(userSettingsPath(people[2]!.uid))
      .set({ marketingEmails: true }, { merge: true });
    await adminDb
      .doc(userSettingsPath(people[4]!.uid))
      .set({ marketingEmails: true }, { merge: true });
    await adminDb
      .doc(userPath(people[4]!.uid))
      .update({ dateOfBirth: `${new Date().getUTCFullYear() - 17}-01-01` });
    await adminDb.doc(protectionPath(people[2]!.uid)).set({
      ...DEFAULT_PROTECTION,
      breakUntil: new Date(Date.now() + 24 * HOUR),
      updatedAt: new Date(),
    });

    const send = async (notificationId: string, marketing: boolean) => {
      const tasks: BroadcastTask[] = [];
      const enqueue: Enqueue = (_name, data) => {
        tasks.push(data as BroadcastTask);
        return Promise.resolve();
      };
      const content = {
        type: 'system',
        kind: 'messages',
        title: notificationId,
        message: 'Hi',
      } as const;
      await startBroadcast(adminDb, asServiceCaller(admin), content, {
        notificationId,
        marketing,
        enqueue,
      });
      while (tasks.length > 0) {
        await runBroadcastPage(adminDb, tasks.shift()!, { enqueue, pageSize: 3, messaging });
      }
    };

    await send('broadcast-push-service', false);
    const serviceTitles = await Promise.all(tokens.map(pushesTo));
    expect(serviceTitles.map((pushes) => pushes.length)).toEqual([1, 0, 1, 1, 1]);
    expect(serviceTitles[0]![0]).toMatchObject({
      title: 'broadcast-push-service',
      link: '/account/notifications',
      notificationId: 'broadcast-push-service',
    });

    await send('broadcast-push-offers', true);
    const offers = await Promise.all(tokens.map(pushesTo));
    const gotOffer = offers.map((pushes) =>
      pushes.some((push) => push.title === 'broadcast-push-offers'),
    );
    // Marketing: only the one who takes it, has push on, is not on a break and is not a minor.
    expect(gotOffer).toEqual([true, false, false, false, false]);
  });
});

describe('ending soon, for saved raffles', () => {
  it('tells each customer who saved a raffle closing within a day, once', async () => {
    const now = new Date();
    const closing = await createRaffle({ endDate: new Date(now.getTime() + 5 * HOUR) });
    const later = await createRaffle({ endDate: new Date(now.getTime() + 60 * HOUR) });
    const soldOut = await createRaffle({
      endDate: new Date(now.getTime() + 5 * HOUR),
      maxTickets: 10,
      soldTickets: 10,
    });
    const [saver, resting, other, banned, minor] = await Promise.all([
      newCustomer('Saver'),
      newCustomer('Resting'),
      newCustomer('Other'),
      newCustomer('Banned'),
      newCustomer('Minor'),
    ]);
    const save = (uid: string, raffleId: string) =>
      adminDb.doc(`${savedRafflesPath(uid)}/${raffleId}`).set({ raffleId, createdAt: now });
    await Promise.all([
      save(saver.uid, closing),
      save(saver.uid, later),
      save(saver.uid, soldOut),
      save(resting.uid, closing),
      save(banned.uid, closing),
      save(minor.uid, closing),
      adminDb.doc(userPath(banned.uid)).update({ banned: true }),
      // Recorded by an administrator: 17 today.
      adminDb
        .doc(userPath(minor.uid))
        .update({ dateOfBirth: `${now.getUTCFullYear() - 17}-01-01` }),
    ]);
    await adminDb.doc(protectionPath(resting.uid)).set({
      ...DEFAULT_PROTECTION,
      breakUntil: new Date(now.getTime() + 48 * HOUR),
      updatedAt: now,
    });

    await notifySavedRafflesEndingSoon(adminDb, now);
    const notice = await adminDb
      .doc(`${notificationsPath(saver.uid)}/${endingSoonNoticeId(closing)}`)
      .get();
    expect(notice.data()).toMatchObject({
      kind: 'endingSoon',
      title: PUSH_MESSAGES.endingSoonTitle,
      link: `/competitions?raffle=${closing}`,
    });
    const noticeIds = async (uid: string) =>
      (await adminDb.collection(notificationsPath(uid)).get()).docs
        .map((doc) => doc.id)
        .filter((id) => id.startsWith('ending-soon-'));
    expect(await noticeIds(saver.uid)).toEqual([endingSoonNoticeId(closing)]);
    expect(await noticeIds(resting.uid)).toEqual([]);
    expect(await noticeIds(other.uid)).toEqual([]);
    // Banned, or known to be under 18: not invited to buy.
    expect(await noticeIds(banned.uid)).toEqual([]);
    expect(await noticeIds(minor.uid)).toEqual([]);

    // Read it, run again: nothing new, and it stays read.
    await notice.ref.update({ isRead: true });
    await notifySavedRafflesEndingSoon(adminDb, new Date(now.getTime() + HOUR));
    expect(await noticeIds(saver.uid)).toEqual([endingSoonNoticeId(closing)]);
    expect((await notice.ref.get()).get('isRead')).toBe(true);

    // Deleted by the customer (Delete all, say): the next runs do not send it again.
    await notice.ref.delete();
    const again = await notifySavedRafflesEndingSoon(adminDb, new Date(now.getTime() + 2 * HOUR));
    expect(again.notified).toBe(0);
    expect(await noticeIds(saver.uid)).toEqual([]);
  });
});
