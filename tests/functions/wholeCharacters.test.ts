/**
 * Characters beyond the Basic Multilingual Plane (an emoji, 𠮷, a mathematical letter) are two
 * UTF-16 units each. Half of one is not text: Firestore refuses any write holding it (as invalid
 * UTF-8), so text the server cuts (an initial, search terms, a clipped name) must never end
 * inside one, and a request holding half of one is refused at the door.
 */
import {
  HALF_CHARACTER_MESSAGE,
  entriesPath,
  supportTicketsCollection,
  userPath,
  winnersCollection,
} from '@rafflewin/domain';
import { drawRaffle } from '../../functions/src/services/draws/draw';
import { adminAuth, adminDb, uniqueEmail } from '../support/admin';
import { call, callOk, newCustomer } from '../support/customers';
import { AFTER_FAR_END, FAR_END, buyTickets, createRaffle } from '../support/raffles';

jest.setTimeout(120_000);

const HALF = '😀'.slice(0, 1);

describe('a buyer named with a character beyond the Basic Multilingual Plane', () => {
  it('is entered under their whole initial, found in My Orders, and the raffle is drawn', async () => {
    const name = `𝐖inner 𝐂ar ${Date.now().toString(36)}`;
    const [raffleId, buyer, other] = await Promise.all([
      createRaffle({ name, endDate: FAR_END }),
      newCustomer('Bob', '😀'),
      newCustomer('Hana', '𠮷田'),
    ]);
    // Before, the entry's "Bob \ud83d." was refused: the order stayed fulfilling, and every
    // draw of the raffle waited on it.
    const [bobs, hanas] = [
      await buyTickets(buyer, raffleId, 2),
      await buyTickets(other, raffleId, 1),
    ];
    expect(bobs).toHaveLength(2);
    expect(hanas).toHaveLength(1);
    const holders = await Promise.all(
      [...bobs, ...hanas].map(async (n) =>
        (await adminDb.doc(`${entriesPath(raffleId)}/${n}`).get()).get('holderName'),
      ),
    );
    expect(holders).toEqual(['Bob 😀.', 'Bob 😀.', 'Hana 𠮷.']);
    const orders = await adminDb
      .collection('orders')
      .where('userId', '==', buyer.uid)
      .where('searchTerms', 'array-contains', '𝐖inner')
      .get();
    expect(orders.size).toBe(1);

    const record = await drawRaffle(adminDb, adminAuth, raffleId, 'admin', AFTER_FAR_END);
    expect(record).toMatchObject({ status: 'drawn' });
    expect((await adminDb.doc(`${winnersCollection}/${raffleId}`).get()).exists).toBe(true);
  });
});

describe('the contact form in other scripts', () => {
  it('files a subject whose word starts inside a pair (田𠮷) and a long emoji-ended name', async () => {
    const customer = await newCustomer('a'.repeat(60), `${'b'.repeat(58)}😀`);
    const { ticketId } = await callOk(
      'submitSupportTicket',
      { name: 'Hana', email: customer.email, subject: '田𠮷 delivery', message: 'Where is it?' },
      customer,
      { fromIp: '10.77.0.1' },
    );
    const ticket = (await adminDb.doc(`${supportTicketsCollection}/${ticketId}`).get()).data();
    expect(ticket?.searchTerms).toEqual(expect.arrayContaining(['田𠮷', 'deliv']));
    // The profile's two names make 120 units less the space cut at a whole character.
    expect(ticket?.name).toBe(`${'a'.repeat(60)} ${'b'.repeat(58)}`);
  });
});

describe('half a character in a request', () => {
  it('is refused with a clear message at every callable, and nothing is written', async () => {
    const customer = await newCustomer('Half', 'Sent');
    const email = uniqueEmail('half');
    expect(
      await call(
        'submitSupportTicket',
        { name: 'Half', email, subject: `Order ${HALF}`, message: 'Hello' },
        undefined,
        { fromIp: '10.77.0.2' },
      ),
    ).toEqual({ ok: false, status: 'INVALID_ARGUMENT', message: HALF_CHARACTER_MESSAGE });
    expect(
      (await adminDb.collection(supportTicketsCollection).where('email', '==', email).get()).size,
    ).toBe(0);

    expect(
      await call('saveProfile', { username: null, bio: `About me ${HALF}` }, customer),
    ).toMatchObject({ ok: false, status: 'INVALID_ARGUMENT', message: HALF_CHARACTER_MESSAGE });
    expect((await adminDb.doc(userPath(customer.uid)).get()).get('bio')).toBeNull();
  });
});
