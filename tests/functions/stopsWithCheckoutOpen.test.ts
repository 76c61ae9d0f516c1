/**
 * What stops a customer's entries also stops the checkouts they already have open: a card page
 * left open must not sell afterwards, nor a free or credit claim go through. A spending limit
 * lowered past what the month holds, a raffle switched off, a date of birth that shows someone
 * under 18, a lower maximum per person: each releases the open reservation (its tickets and credit come back) and closes
 * its Stripe page, as a play break or a ban does (stopsDuringCheckout.test.ts).
 */
import {
  CHECKOUT_MESSAGES,
  PROTECTION_MESSAGES,
  checkoutSessionsCollection,
  protectionPath,
  userPath,
} from '@rafflewin/domain';
import { adminDb } from '../support/admin';
import { call, callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import {
  adminWithPostalAddress,
  createRaffle,
  line,
  raffleForm,
  ticketsOf,
} from '../support/raffles';
import { CARDS, payByCard } from '../support/stripeDouble';

jest.setTimeout(120_000);

let admin: Customer;
let paid: string;
beforeAll(async () => {
  [admin, paid] = await Promise.all([
    newAdmin(),
    createRaffle({ ticketPrice: 1500, maxTicketsPerUser: 50 }),
  ]);
});

const statusOf = async (sessionId: string) =>
  (await adminDb.doc(`${checkoutSessionsCollection}/${sessionId}`).get()).get('status');
/** What the shopper back from the closed page is answered (the cancel page shows its reason). */
const backFromPage = (sessionId: string, customer: Customer) =>
  callOk('cancelCheckout', { sessionId }, customer);
const creditOf = async (uid: string) =>
  (await adminDb.doc(userPath(uid)).get()).get('accountCredit') as number;

describe('a spending limit lowered while a checkout is open', () => {
  it('closes a card page the new limit leaves no room for: it cannot be paid', async () => {
    const customer = await newCustomer('Lower', 'Card', { spendLimitChosen: false });
    await callOk('setSpendLimit', { monthlyLimit: 10_000 }, customer);
    const started = await callOk('startCheckout', { items: [line(paid, 4)] }, customer);
    expect(started.amount).toBe(6000);

    expect(await callOk('setSpendLimit', { monthlyLimit: 1000 }, customer)).toMatchObject({
      monthlyLimit: 1000,
      pendingFrom: null,
      message: PROTECTION_MESSAGES.limitLowered,
    });
    expect(await statusOf(started.sessionId)).toBe('cancelled');
    expect(await backFromPage(started.sessionId, customer)).toEqual({
      status: 'cancelled',
      releasedFor: 'spendLimit',
    });
    await expect(payByCard(started, CARDS.debit)).rejects.toThrow();
    expect(await ticketsOf(customer.uid, paid)).toBe(0);
    expect(await callOk('getMonthSpending', {}, customer)).toMatchObject({ spent: 0 });
  });

  it('keeps a checkout the lowered limit still has room for', async () => {
    const customer = await newCustomer('Lower', 'Room', { spendLimitChosen: false });
    await callOk('setSpendLimit', { monthlyLimit: 10_000 }, customer);
    const started = await callOk('startCheckout', { items: [line(paid, 1)] }, customer);
    await callOk('setSpendLimit', { monthlyLimit: 2000 }, customer);
    expect(await statusOf(started.sessionId)).toBe('pending');
    const order = await payByCard(started, CARDS.debit);
    expect(order.ticketNumbers[paid]).toHaveLength(1);
  });

  it('refuses a credit claim past the lowered limit and gives the credit back', async () => {
    const customer = await newCustomer('Lower', 'Credit', { spendLimitChosen: false });
    await callOk('setSpendLimit', { monthlyLimit: 10_000 }, customer);
    await adminDb.doc(userPath(customer.uid)).update({ accountCredit: 3000 });
    const started = await callOk('startCheckout', { items: [line(paid, 2)] }, customer);
    expect(started).toMatchObject({ amount: 0, provider: 'free' });

    await callOk('setSpendLimit', { monthlyLimit: 0 }, customer);
    expect(
      await call('claimFreeEntries', { sessionId: started.sessionId }, customer),
    ).toMatchObject({ ok: false });
    expect(await statusOf(started.sessionId)).toBe('cancelled');
    expect(await ticketsOf(customer.uid, paid)).toBe(0);
    expect(await creditOf(customer.uid)).toBe(3000);
  });

  it('refuses the claim with the limit message when the limit was lowered without the release', async () => {
    // The claim checks on its own: the limit is lowered past the checkout in the protection
    // document directly (as a lowering whose release had not run yet would leave it).
    const customer = await newCustomer('Lower', 'Claim', { spendLimitChosen: false });
    await callOk('setSpendLimit', { monthlyLimit: 10_000 }, customer);
    await adminDb.doc(userPath(customer.uid)).update({ accountCredit: 3000 });
    const started = await callOk('startCheckout', { items: [line(paid, 2)] }, customer);
    await adminDb.doc(protectionPath(customer.uid)).update({ monthlyLimit: 1000 });
    expect(await call('claimFreeEntries', { sessionId: started.sessionId }, customer)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: PROTECTION_MESSAGES.overLimit(1000, 1000),
      details: { reason: 'spend-limit' },
    });
    expect(await statusOf(started.sessionId)).toBe('cancelled');
    expect(await creditOf(customer.uid)).toBe(3000);
  });
});

describe('a raffle switched off while a checkout holds its tickets', () => {
  it('closes the open card page: nothing more is sold, and the tickets go back', async () => {
    const raffleId = await createRaffle({ ticketPrice: 500 });
    const customer = await newCustomer('Switched', 'Off');
    const started = await callOk('startCheckout', { items: [line(raffleId, 2)] }, customer);
    await callOk('setRaffleActive', { raffleId, active: false }, admin);

    expect(await statusOf(started.sessionId)).toBe('cancelled');
    expect(await backFromPage(started.sessionId, customer)).toEqual({
      status: 'cancelled',
      releasedFor: 'raffleOff',
    });
    await expect(payByCard(started, CARDS.debit)).rejects.toThrow();
    expect(await ticketsOf(customer.uid, raffleId)).toBe(0);
    const raffle = await adminDb.doc(`raffles/${raffleId}`).get();
    expect(raffle.get('reservedTickets')).toBe(0);
    expect(await call('startCheckout', { items: [line(raffleId, 1)] }, customer)).toMatchObject({
      ok: false,
      message: CHECKOUT_MESSAGES.raffleNotFound,
    });
  });
});

describe('a lower maximum per person saved while checkouts are open', () => {
  it('closes the pages it leaves over the maximum and keeps those within it', async () => {
    const raffleId = await createRaffle({ ticketPrice: 500, maxTicketsPerUser: 10 });
    const [over, within, owner] = await Promise.all([
      newCustomer('Over', 'Max'),
      newCustomer('Within', 'Max'),
      newCustomer('Owns', 'Some'),
    ]);
    // Owns three already, and holds two more: five in all.
    await payByCard(await callOk('startCheckout', { items: [line(raffleId, 3)] }, owner));
    const [heldOver, heldWithin, heldOwner] = await Promise.all([
      callOk('startCheckout', { items: [line(raffleId, 6)] }, over),
      callOk('startCheckout', { items: [line(raffleId, 4)] }, within),
      callOk('startCheckout', { items: [line(raffleId, 2)] }, owner),
    ]);
    const editor = await adminWithPostalAddress();
    await callOk('saveRaffle', await raffleForm(raffleId, { maxTicketsPerUser: 4 }), editor);

    expect(await statusOf(heldOver.sessionId)).toBe('cancelled');
    await expect(payByCard(heldOver, CARDS.debit)).rejects.toThrow();
    expect(await backFromPage(heldOver.sessionId, over)).toEqual({
      status: 'cancelled',
      releasedFor: 'maximumLowered',
    });
    expect(await statusOf(heldOwner.sessionId)).toBe('cancelled');
    // What was bought before stays bought.
    expect(await ticketsOf(owner.uid, raffleId)).toBe(3);
    expect(await statusOf(heldWithin.sessionId)).toBe('pending');
    const order = await payByCard(heldWithin, CARDS.debit);
    expect(order.ticketNumbers[raffleId]).toHaveLength(4);
    expect(await call('startCheckout', { items: [line(raffleId, 5)] }, over)).toMatchObject({
      ok: false,
      message: CHECKOUT_MESSAGES.perUserMax(4),
    });
  });
});

describe('a date of birth under 18 recorded while a checkout is open', () => {
  const dateOfBirth = '2012-06-01';

  it('by an administrator: the open card page closes and sells nothing', async () => {
    const customer = await newCustomer('Young', 'Buyer');
    const started = await callOk('startCheckout', { items: [line(paid, 1)] }, customer);
    await callOk(
      'updateUserProfile',
      {
        uid: customer.uid,
        username: '',
        firstName: 'Young',
        lastName: 'Buyer',
        phoneNumber: '',
        dateOfBirth,
      },
      admin,
    );
    expect(await statusOf(started.sessionId)).toBe('cancelled');
    expect(await backFromPage(started.sessionId, customer)).toEqual({
      status: 'cancelled',
      releasedFor: 'underAge',
    });
    await expect(payByCard(started, CARDS.debit)).rejects.toThrow();
    expect(await ticketsOf(customer.uid, paid)).toBe(0);
    expect(await call('startCheckout', { items: [line(paid, 1)] }, customer)).toMatchObject({
      ok: false,
      message: PROTECTION_MESSAGES.underAge,
    });
  });
});
