/**
 * Who may send notifications and test e-mails, whose notifications a customer's callables
 * reach, and which addresses a send to all e-mails.
 */
import {
  STAFF_CLAIM,
  notificationBroadcastsCollection,
  userPath,
  userSettingsPath,
} from '@rafflewin/domain';
import { adminAuth, adminDb, eventually, uniqueEmail } from '../support/admin';
import { call, callOk, mintIdToken, newAdmin, newCustomer } from '../support/customers';
import { fireUserCreated, triggersSettled } from '../support/triggers';

jest.setTimeout(120_000);

/**
 * An account opened with someone else's address: it never confirmed it (the confirmation link
 * went to the address's owner); its settings say it takes marketing.
 */
async function unconfirmedAccount(): Promise<{ uid: string; email: string }> {
  const email = uniqueEmail('not-mine');
  const user = await adminAuth.createUser({
    email,
    password: 'Str0ng!pass',
    displayName: 'Squatter Account',
    emailVerified: false,
  });
  await fireUserCreated(user);
  await adminDb.doc(userPath(user.uid)).set({ email }, { merge: true });
  await adminDb.doc(userSettingsPath(user.uid)).set({ marketingEmails: true }, { merge: true });
  return { uid: user.uid, email };
}

describe('a send to all and addresses nobody confirmed', () => {
  it.each([false, true])('e-mails no unconfirmed account (marketing: %s)', async (marketing) => {
    const [admin, squatter, confirmed] = await Promise.all([
      newAdmin(),
      unconfirmedAccount(),
      newCustomer('Con', 'Firmed'),
    ]);
    await adminDb
      .doc(userSettingsPath(confirmed.uid))
      .set({ marketingEmails: true }, { merge: true });
    const { notificationId } = await callOk(
      'sendNotification',
      {
        type: 'system',
        title: 'New raffles',
        message: 'New raffles this week.',
        marketing,
        sendToAll: true,
        userId: null,
      },
      admin,
    );
    await triggersSettled();
    const broadcast = adminDb.collection(notificationBroadcastsCollection).doc(notificationId);
    await eventually(async () => ((await broadcast.get()).get('status') === 'done' ? true : null), {
      what: 'the send to all done',
    });
    const mailTo = async (uid: string) =>
      (await adminDb.doc(`mail/${notificationId}-${uid}`).get()).exists;
    expect(await mailTo(squatter.uid)).toBe(false);
    expect(await mailTo(confirmed.uid)).toBe(true);
  });
});

describe('notifications: who may send, and whose', () => {
  it('staff who are not administrators may not send notifications or test e-mails', async () => {
    const staff = await newCustomer('Stan', 'Staff');
    await adminAuth.setCustomUserClaims(staff.uid, { [STAFF_CLAIM]: true });
    const token = mintIdToken(await adminAuth.getUser(staff.uid));
    const caller = { ...staff, idToken: token };
    expect(
      await call(
        'sendNotification',
        { type: 'system', title: 'x', message: 'y', sendToAll: true, userId: null },
        caller,
      ),
    ).toMatchObject({ ok: false, status: 'PERMISSION_DENIED' });
    expect(
      await call(
        'sendTestEmail',
        {
          smtp: {
            host: '127.0.0.1',
            port: 1025,
            secure: false,
            user: 'u',
            password: 'p',
            fromName: 'x',
            fromAddress: 'x@example.com',
          },
          to: 'x@example.com',
        } as never,
        caller,
      ),
    ).toMatchObject({ ok: false, status: 'PERMISSION_DENIED' });
  });

  it('a customer cannot read, mark or delete another customer’s notifications through the callables', async () => {
    const [a, b] = await Promise.all([newCustomer('Amy'), newCustomer('Ben')]);
    await adminDb.collection(`${userPath(b.uid)}/notifications`).add({
      type: 'system',
      title: 't',
      message: 'm',
      supportTicketId: null,
      isRead: false,
      createdAt: new Date(),
    });
    expect(
      await callOk('markAllNotificationsRead', { userId: b.uid } as never, a).catch(() => null),
    ).toBeNull();
    expect(
      await callOk('deleteAllNotifications', { userId: b.uid } as never, a).catch(() => null),
    ).toBeNull();
    const left = await adminDb.collection(`${userPath(b.uid)}/notifications`).get();
    expect(left.size).toBe(1);
    expect(left.docs[0]!.get('isRead')).toBe(false);
  });
});
