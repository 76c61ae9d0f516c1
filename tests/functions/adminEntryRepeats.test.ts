/**
 * An administrator's entry sent again under its form's key: a second press, or a retry after
 * an answer lost on the way (the entry was made, the browser never heard). Manual Raffle Entry
 * and Manage Tickets → Add tickets each answer with the first request's tickets and give none
 * more; the key sent with other details is refused.
 */
import { ADD_TICKETS_MESSAGES, MANUAL_ENTRY_MESSAGES } from '@rafflewin/domain';
import { adminDb } from '../support/admin';
import { call, callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import { createRaffle, ticketsOf } from '../support/raffles';

jest.setTimeout(120_000);

let admin: Customer;
beforeAll(async () => {
  admin = await newAdmin();
});

const key = () => crypto.randomUUID();
const ordersOf = async (uid: string) =>
  (await adminDb.collection('orders').where('userId', '==', uid).get()).size;

describe.each([
  ['createManualEntry', {}, MANUAL_ENTRY_MESSAGES.keyReused],
  ['addTicketsForUser', { minNumber: null }, ADD_TICKETS_MESSAGES.keyReused],
] as const)('%s sent again under its key', (name, extra, keyReused) => {
  const request = (customer: Customer, raffleId: string, quantity: number, requestId: string) => ({
    userId: customer.uid,
    raffleId,
    quantity,
    requestId,
    ...extra,
  });

  it('answers with its first tickets and gives none more', async () => {
    const [raffleId, customer] = await Promise.all([
      createRaffle({ maxTicketsPerUser: 10 }),
      newCustomer('Again', 'Pressed'),
    ]);
    const sent = request(customer, raffleId, 2, key());
    const first = await callOk(name, sent, admin);
    const again = await callOk(name, sent, admin);
    expect(again).toEqual(first);
    expect(await ticketsOf(customer.uid, raffleId)).toBe(2);
    expect(await ordersOf(customer.uid)).toBe(1);
  });

  it('pressed twice at once, gives one set of tickets', async () => {
    const [raffleId, customer] = await Promise.all([
      createRaffle({ maxTicketsPerUser: 10 }),
      newCustomer('Twice', 'AtOnce'),
    ]);
    const sent = request(customer, raffleId, 3, key());
    const [one, two] = await Promise.all([callOk(name, sent, admin), callOk(name, sent, admin)]);
    expect(two).toEqual(one);
    expect(await ticketsOf(customer.uid, raffleId)).toBe(3);
    expect(await ordersOf(customer.uid)).toBe(1);
  });

  it('with other details, is refused and gives nothing more', async () => {
    const [raffleId, customer, other] = await Promise.all([
      createRaffle({ maxTicketsPerUser: 10 }),
      newCustomer('First', 'Details'),
      newCustomer('Other', 'Details'),
    ]);
    const requestId = key();
    await callOk(name, request(customer, raffleId, 1, requestId), admin);
    for (const changed of [
      request(customer, raffleId, 4, requestId),
      request(other, raffleId, 1, requestId),
    ]) {
      expect(await call(name, changed, admin)).toMatchObject({
        ok: false,
        status: 'FAILED_PRECONDITION',
        message: keyReused,
      });
    }
    expect(await ticketsOf(customer.uid, raffleId)).toBe(1);
    expect(await ticketsOf(other.uid, raffleId)).toBe(0);
  });

  it('two different requests sent under one key at once: one is made, the other refused', async () => {
    const [raffleId, first, second] = await Promise.all([
      createRaffle({ maxTicketsPerUser: 10 }),
      newCustomer('Shared', 'KeyOne'),
      newCustomer('Shared', 'KeyTwo'),
    ]);
    const requestId = key();
    const answers = await Promise.all([
      call(name, request(first, raffleId, 2, requestId), admin),
      call(name, request(second, raffleId, 1, requestId), admin),
    ]);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(answers.find((answer) => !answer.ok)).toMatchObject({ ok: false, message: keyReused });
    // Before, the second could be told it was made, with the first one's tickets.
    const held = [await ticketsOf(first.uid, raffleId), await ticketsOf(second.uid, raffleId)];
    expect(held).toEqual(answers[0]!.ok ? [2, 0] : [0, 1]);
  });

  it('without a key, each press is its own entry', async () => {
    const [raffleId, customer] = await Promise.all([
      createRaffle({ maxTicketsPerUser: 10 }),
      newCustomer('No', 'Key'),
    ]);
    const { requestId: _none, ...sent } = request(customer, raffleId, 1, key());
    await callOk(name, sent, admin);
    await callOk(name, sent, admin);
    expect(await ticketsOf(customer.uid, raffleId)).toBe(2);
  });
});
