/**
 * A play break or a ban that starts while one of the customer's checkouts is being reserved:
 * the reservation's checks passed a moment before, its commit comes a moment after. The stop
 * moves the customer's checkout lock, so that commit fails, the checks run again and refuse.
 * The interleaving is forced by running the stop right after the first check passes.
 */
import {
  ACCESS_MESSAGES,
  checkoutSessionsCollection,
  PROTECTION_MESSAGES,
} from '@rafflewin/domain';
import * as protection from '../../functions/src/services/protection/protection';
import { adminDb } from '../support/admin';
import { call, callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import { createRaffle, line } from '../support/raffles';

jest.mock('../../functions/src/services/protection/protection', () => {
  const actual = jest.requireActual<typeof protection>(
    '../../functions/src/services/protection/protection',
  );
  return { ...actual, checkPlayerProtection: jest.fn(actual.checkPlayerProtection) };
});

jest.setTimeout(120_000);

const checkPlayerProtection = protection.checkPlayerProtection as jest.MockedFunction<
  typeof protection.checkPlayerProtection
>;
const { checkPlayerProtection: realCheck } = jest.requireActual<typeof protection>(
  '../../functions/src/services/protection/protection',
);

/** The next checkout's first check passes, then `stop` runs before the reservation commits. */
function stopAfterFirstCheck(stop: () => Promise<unknown>) {
  checkPlayerProtection.mockImplementationOnce(async (...args) => {
    const passed = await realCheck(...args);
    await stop();
    return passed;
  });
}

const openCheckouts = async (uid: string) =>
  (
    await adminDb
      .collection(checkoutSessionsCollection)
      .where('userId', '==', uid)
      .where('status', '==', 'pending')
      .get()
  ).size;

let admin: Customer;
let free: string;
let paid: string;

beforeAll(async () => {
  [admin, free, paid] = await Promise.all([
    newAdmin(),
    createRaffle({ category: 'free', ticketPrice: 0, maxTicketsPerUser: 1 }),
    createRaffle({ ticketPrice: 150 }),
  ]);
});

describe('a stop that starts while a checkout is being reserved', () => {
  it('a play break refuses the free entry being reserved: nothing is left to claim', async () => {
    const customer = await newCustomer('Mid', 'Break');
    stopAfterFirstCheck(() => callOk('startPlayBreak', { period: '7d' }, customer));
    const answer = await call('startCheckout', { items: [line(free, 1)] }, customer);
    expect(answer).toMatchObject({ ok: false, details: { reason: 'play-break' } });
    expect(await openCheckouts(customer.uid)).toBe(0);
  });

  it('a play break refuses the paid checkout being reserved: no payment page is handed out', async () => {
    const customer = await newCustomer('Paid', 'Break');
    stopAfterFirstCheck(() => callOk('startPlayBreak', { period: 'permanent' }, customer));
    const answer = await call('startCheckout', { items: [line(paid, 2)] }, customer);
    expect(answer).toMatchObject({ ok: false, message: PROTECTION_MESSAGES.onPermanentBreak });
    expect(await openCheckouts(customer.uid)).toBe(0);
  });

  it('a ban refuses the checkout being reserved', async () => {
    const customer = await newCustomer('Mid', 'Ban');
    stopAfterFirstCheck(() =>
      callOk('setUserBanned', { uid: customer.uid, banned: true, reason: 'Fraud' }, admin),
    );
    const answer = await call('startCheckout', { items: [line(paid, 2)] }, customer);
    expect(answer).toMatchObject({ ok: false, message: ACCESS_MESSAGES.banned });
    expect(await openCheckouts(customer.uid)).toBe(0);
  });
});
