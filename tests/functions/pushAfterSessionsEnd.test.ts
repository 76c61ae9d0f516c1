/**
 * Push devices when an account's sessions end, it is banned or deleted: no device signed out
 * keeps receiving the account's notifications.
 */
import { devicesCollection, devicesPath } from '@rafflewin/domain';
import { EMULATOR_PUSH_COLLECTION } from '../../functions/src/services/push/messaging';
import { notifyUser } from '../../functions/src/services/notifications/notify';
import { adminDb } from '../support/admin';
import { call, callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import { triggersSettled } from '../support/triggers';

jest.setTimeout(120_000);

let admin: Customer;

beforeAll(async () => {
  admin = await newAdmin();
});

const uniqueToken = (name: string) =>
  `${name}-${Date.now()}-${Math.random().toString(36).slice(2)}`;

async function pushesTo(token: string) {
  const sent = await adminDb.collection(EMULATOR_PUSH_COLLECTION).where('token', '==', token).get();
  return sent.docs.map((doc) => doc.data() as { data: Record<string, string> });
}

async function supportReply(uid: string, text: string) {
  await notifyUser(adminDb, uid, {
    type: 'account',
    kind: 'support',
    title: 'New reply to your support ticket',
    message: text,
    supportTicketId: 'ticket-1',
  });
  await triggersSettled();
}

describe('devices after the sessions end', () => {
  it('"sign out from all devices" stops pushes to the devices it signed out (a lost phone)', async () => {
    const owner = await newCustomer('Lost', 'Phone');
    const lostPhone = uniqueToken('lost-phone');
    await callOk('registerDevice', { token: lostPhone, label: 'Phone' }, owner);
    await callOk('revokeSessions', {}, owner);
    await supportReply(owner.uid, 'Your new card ending 4242 is saved; your address is 1 High St');
    expect(await pushesTo(lostPhone)).toHaveLength(0);
  });

  it('a banned account’s devices receive no more pushes', async () => {
    const banned = await newCustomer('Bad', 'Actor');
    const token = uniqueToken('banned');
    await callOk('registerDevice', { token, label: 'Phone' }, banned);
    await callOk('setUserBanned', { uid: banned.uid, banned: true, reason: 'Fraud' }, admin);
    await callOk(
      'sendNotification',
      { type: 'system', title: 'Hi', message: 'News', sendToAll: false, userId: banned.uid },
      admin,
    );
    await triggersSettled();
    expect(await pushesTo(token)).toHaveLength(0);
  });
});

describe('devices and other accounts', () => {
  it('deleting the account leaves no device (token) behind', async () => {
    const leaver = await newCustomer('Gone');
    const token = uniqueToken('gone');
    await callOk('registerDevice', { token, label: 'Phone' }, leaver);
    await callOk('deleteAccount', { confirmation: 'DELETE' }, leaver);
    await triggersSettled();
    expect((await adminDb.collection(devicesPath(leaver.uid)).get()).size).toBe(0);
    const anywhere = await adminDb
      .collectionGroup(devicesCollection)
      .where('token', '==', token)
      .get();
    expect(anywhere.size).toBe(0);
  });

  it("cannot remove another customer's device, nor register a token over the size limit", async () => {
    const [a, b] = await Promise.all([newCustomer('Ann'), newCustomer('Bob')]);
    const { deviceId } = await callOk('registerDevice', { token: uniqueToken('b'), label: 'x' }, b);
    expect(await call('removeDevice', { deviceId }, a)).toMatchObject({
      ok: false,
      status: 'NOT_FOUND',
    });
    expect((await adminDb.doc(`${devicesPath(b.uid)}/${deviceId}`).get()).exists).toBe(true);
    expect(await call('registerDevice', { token: 'x'.repeat(4097), label: 'x' }, a)).toMatchObject({
      ok: false,
      status: 'INVALID_ARGUMENT',
    });
  });
});
