/**
 * Who may send notifications and test e-mails, and whose notifications a customer's callables
 * reach.
 */
import { STAFF_CLAIM, userPath } from '@rafflewin/domain';
import { adminAuth, adminDb } from '../support/admin';
import { call, callOk, mintIdToken, newCustomer } from '../support/customers';

jest.setTimeout(120_000);

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
