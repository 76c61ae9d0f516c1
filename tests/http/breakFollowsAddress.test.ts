/**
 * A play break kept against an address (from a deleted account) is on a new account with the
 * address from the start, and goes with the account that holds that address when it moves to
 * another one: changing the address through the shop's own e-mail change lifts nothing. A
 * spending limit is kept the same way: a new account with the address does not skip a raise's
 * 24 hours by being new, nor start the month's spending again, here or after moving to another
 * address. An existing account that takes an address carrying a break shows it on its own
 * controls.
 */
import { PROTECTION_MESSAGES, protectionPath } from '@rafflewin/domain';
import type { Timestamp } from 'firebase-admin/firestore';
import { URLS } from '../../emulators/config';
import { AUTH_TRIGGER_WAIT_MS, adminDb, eventually, uniqueEmail } from '../support/admin';
import {
  TEST_PASSWORD,
  call,
  callOk,
  newCustomer,
  signInAgain,
  type Customer,
} from '../support/customers';
import { linkIn, waitForMail } from '../support/mailbox';
import { createRaffle, line } from '../support/raffles';
import { payByCard } from '../support/stripeDouble';

jest.setTimeout(120_000);

/** Changes the customer's address through the shop's own e-mail change; signed in again. */
async function changeAddress(customer: Customer, newEmail: string): Promise<Customer> {
  await callOk('requestEmailChange', { newEmail, currentPassword: TEST_PASSWORD }, customer);
  const mail = await waitForMail(newEmail, 'Confirm your new RaffleWin e-mail address');
  const oobCode = new URL(linkIn(mail, `${URLS.shop}/auth?`)).searchParams.get('oobCode') ?? '';
  await callOk('confirmEmailChange', { oobCode });
  return signInAgain({ uid: customer.uid, email: newEmail });
}

/** A customer at `address` who has chosen a £50 monthly spending limit. */
async function fiftyPoundLimit(first: string, last: string, address: string): Promise<Customer> {
  const customer = await newCustomer(first, last, { email: address, spendLimitChosen: false });
  await callOk('setSpendLimit', { monthlyLimit: 5000 }, customer);
  return customer;
}

/** An account at `address` takes a break of `period`, then is deleted: when the break ends. */
async function deletedOnBreak(address: string, period: '7d' | '30d'): Promise<Timestamp> {
  const first = await newCustomer('Pau', 'Sed', { email: address });
  await callOk('startPlayBreak', { period }, first);
  const until = (await adminDb.doc(protectionPath(first.uid)).get()).get('breakUntil');
  await callOk('deleteAccount', { confirmation: 'DELETE' }, first);
  return until as Timestamp;
}

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

    // It moves to another address through the shop's own e-mail change, and is still on the
    // break there.
    const signedIn = await changeAddress(again, uniqueEmail('moved'));
    expect(await call('startCheckout', { items: [line(free, 1)] }, signedIn)).toMatchObject(
      refused,
    );
  });
});

describe('a break carried to a new account', () => {
  it('is on the new account’s own controls, where Responsible Play shows it', async () => {
    const address = uniqueEmail('paused');
    const until = await deletedOnBreak(address, '7d');

    // Signed up again with the address, before choosing anything on Responsible Play.
    const again = await newCustomer('Pau', 'Again', { email: address, spendLimitChosen: false });
    const own = await eventually(
      async () => (await adminDb.doc(protectionPath(again.uid)).get()).data(),
      { timeoutMs: AUTH_TRIGGER_WAIT_MS, what: 'the new account’s own controls' },
    );
    expect(own).toMatchObject({ breakPermanent: false, limitChosenAt: null });
    expect((own.breakUntil as Timestamp).toMillis()).toBe(until.toMillis());
  });
});

describe('a spending limit carried by an address', () => {
  it('makes a new account’s first, higher choice a raise that waits 24 hours', async () => {
    const address = uniqueEmail('limited');
    const first = await fiftyPoundLimit('Lim', 'Ited', address);
    await callOk('deleteAccount', { confirmation: 'DELETE' }, first);

    const again = await newCustomer('Lim', 'Again', { email: address, spendLimitChosen: false });
    const raised = await callOk('setSpendLimit', { monthlyLimit: 50_000 }, again);
    expect(raised.monthlyLimit).toBe(5000);
    expect(raised.pendingFrom).not.toBeNull();
    const from = new Date(raised.pendingFrom!);
    expect(from.getTime() - Date.now()).toBeGreaterThan(23.9 * 60 * 60 * 1000);
    expect(raised.message).toBe(PROTECTION_MESSAGES.limitRaised(from));
    // Lowering it still applies at once.
    expect(await callOk('setSpendLimit', { monthlyLimit: 2000 }, again)).toMatchObject({
      monthlyLimit: 2000,
      pendingFrom: null,
    });

    // A new address starts from nothing: its first choice applies at once.
    const fresh = await newCustomer('Fresh', 'Start', { spendLimitChosen: false });
    expect(await callOk('setSpendLimit', { monthlyLimit: 50_000 }, fresh)).toMatchObject({
      monthlyLimit: 50_000,
      pendingFrom: null,
    });
  });
});

describe('this month’s spending carried by an address', () => {
  it('counts what a deleted account spent against the new account’s limit', async () => {
    const raffleId = await createRaffle({ ticketPrice: 1000, maxTicketsPerUser: 10 });
    const address = uniqueEmail('spender');
    const first = await fiftyPoundLimit('Big', 'Spender', address);
    await payByCard(await callOk('startCheckout', { items: [line(raffleId, 3)] }, first));
    await callOk('deleteAccount', { confirmation: 'DELETE' }, first);

    // The same address, the same limit: £30 of £50 is spent this month already.
    const again = await fiftyPoundLimit('Big', 'Again', address);
    const overLimit = {
      ok: false,
      message: PROTECTION_MESSAGES.overLimit(5000, 2000),
      details: { reason: 'spend-limit' },
    };
    expect(await call('startCheckout', { items: [line(raffleId, 3)] }, again)).toMatchObject(
      overLimit,
    );

    // Moving to another address takes it along.
    const moved = await changeAddress(again, uniqueEmail('spender-moved'));
    expect(await call('startCheckout', { items: [line(raffleId, 3)] }, moved)).toMatchObject(
      overLimit,
    );
    await callOk('startCheckout', { items: [line(raffleId, 2)] }, moved);
  });
});

describe('a checkout left unpaid when its account is deleted', () => {
  it('is not counted as spent against the next account with the address', async () => {
    const raffleId = await createRaffle({ ticketPrice: 1000, maxTicketsPerUser: 10 });
    const address = uniqueEmail('unpaid');
    const first = await fiftyPoundLimit('Un', 'Paid', address);
    await payByCard(await callOk('startCheckout', { items: [line(raffleId, 1)] }, first));
    // £30 more on Stripe's page, never paid: the deletion closes the page and releases it.
    await callOk('startCheckout', { items: [line(raffleId, 3)] }, first);
    await callOk('deleteAccount', { confirmation: 'DELETE' }, first);

    const again = await fiftyPoundLimit('Un', 'Again', address);
    expect(await call('startCheckout', { items: [line(raffleId, 5)] }, again)).toMatchObject({
      ok: false,
      message: PROTECTION_MESSAGES.overLimit(5000, 4000),
    });
    await callOk('startCheckout', { items: [line(raffleId, 4)] }, again);
  });
});

describe('an address that carries a break, taken by an existing account', () => {
  it('puts the break on the account’s own controls, where Responsible Play shows it', async () => {
    const address = uniqueEmail('paused-address');
    const until = await deletedOnBreak(address, '30d');

    const other = await newCustomer('Oth', 'Er');
    await changeAddress(other, address);
    const own = (await adminDb.doc(protectionPath(other.uid)).get()).data()!;
    expect(own.breakPermanent).toBe(false);
    expect((own.breakUntil as Timestamp).toMillis()).toBe(until.toMillis());
  });
});
