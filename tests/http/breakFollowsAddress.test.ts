/**
 * A play break kept against an address (from a deleted account) goes with the account that
 * holds that address when it moves to another one: changing the address through the shop's
 * own e-mail change lifts nothing.
 */
import { URLS } from '../../emulators/config';
import { uniqueEmail } from '../support/admin';
import { TEST_PASSWORD, call, callOk, newCustomer, signInAgain } from '../support/customers';
import { linkIn, waitForMail } from '../support/mailbox';
import { createRaffle, line } from '../support/raffles';

jest.setTimeout(120_000);

describe('a break carried by an address', () => {
  it('is not lifted by changing the new account’s e-mail address', async () => {
    const free = await createRaffle({ category: 'free', ticketPrice: 0, maxTicketsPerUser: 1 });
    const address = uniqueEmail('excluded');
    const first = await newCustomer('Ex', 'Cluded', { email: address });
    await callOk('startPlayBreak', { period: 'permanent' }, first);
    await callOk('deleteAccount', { confirmation: 'DELETE' }, first);

    // A new account with the same address is on the same break.
    const again = await newCustomer('Ex', 'Again', { email: address });
    const refused = { ok: false, details: { reason: 'play-break' } };
    expect(await call('startCheckout', { items: [line(free, 1)] }, again)).toMatchObject(refused);

    // It moves to another address through the shop's own e-mail change...
    const moved = uniqueEmail('moved');
    await callOk('requestEmailChange', { newEmail: moved, currentPassword: TEST_PASSWORD }, again);
    const mail = await waitForMail(moved, 'Confirm your new RaffleWin e-mail address');
    const oobCode = new URL(linkIn(mail, `${URLS.shop}/auth?`)).searchParams.get('oobCode') ?? '';
    await callOk('confirmEmailChange', { oobCode });

    // ...and is still on the break there.
    const signedIn = await signInAgain({ uid: again.uid, email: moved });
    expect(await call('startCheckout', { items: [line(free, 1)] }, signedIn)).toMatchObject(
      refused,
    );
  });
});
