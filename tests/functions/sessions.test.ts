import { ACCOUNT_MESSAGES, userPath } from '@rafflewin/domain';
import { adminDb } from '../support/admin';
import { call, callOk, newCustomer, signInAgain } from '../support/customers';

jest.setTimeout(60_000);

const secondsAgo = (seconds: number) => Math.floor(Date.now() / 1000) - seconds;

describe('sessions end at once, at every callable', () => {
  it('"sign out everywhere" stops every earlier token, whatever the callable', async () => {
    const customer = await newCustomer('Sally', 'Signout');
    const phone = await signInAgain(customer, { authTime: secondsAgo(60) });
    const laptop = await signInAgain(customer, { authTime: secondsAgo(30) });

    await callOk('revokeSessions', {}, laptop);

    const revoked = {
      ok: false,
      status: 'UNAUTHENTICATED',
      message: ACCOUNT_MESSAGES.sessionRevoked,
    };
    for (const device of [phone, laptop]) {
      expect(await call('setSpendLimit', { monthlyLimit: 100 }, device)).toEqual(revoked);
      expect(await call('markAllNotificationsRead', {}, device)).toEqual(revoked);
      expect(await call('verifyTwoFactor', { code: '123456' }, device)).toEqual(revoked);
    }
    // The rules compare the same time with each token's auth_time.
    const validAfter = (await adminDb.doc(userPath(customer.uid)).get()).get('sessionsValidAfter');
    expect(validAfter).toBeGreaterThan(secondsAgo(30));
    // A new sign-in works.
    await callOk('markAllNotificationsRead', {}, await signInAgain(customer));
  });

  it('a ban stops the token at once, before it expires', async () => {
    const admin = await newCustomer('Ada', 'Admin', { admin: true });
    const customer = await newCustomer('Bad', 'Actor');
    await callOk('setUserBanned', { uid: customer.uid, banned: true, reason: 'Abuse' }, admin);
    expect(await call('markAllNotificationsRead', {}, customer)).toMatchObject({
      ok: false,
      status: 'PERMISSION_DENIED',
    });
  });
});
