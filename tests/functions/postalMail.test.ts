/**
 * The e-mail a customer gets when an administrator records their postcard and it is refused or
 * credited: the refusal in the customer's words (the administrator's stays as it was), and a
 * credit that says truly why it was given.
 */
import {
  CHECKOUT_MESSAGES,
  MANUAL_ENTRY_MESSAGES,
  POSTAL_MESSAGES,
  SHOP_NAME_PLACEHOLDER,
  mailCollection,
  rafflePath,
  userPath,
} from '@rafflewin/domain';
import { drawRaffle } from '../../functions/src/services/draws/draw';
import { adminAuth, adminDb } from '../support/admin';
import { call, callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import { closedRaffleWithTickets, createRaffle, line, postcard } from '../support/raffles';

jest.setTimeout(120_000);

const HOUR = 3_600_000;
let admin: Customer;

beforeAll(async () => {
  admin = await newAdmin('Postal', 'Clerk');
});

const nameOf = async (raffleId: string) =>
  (await adminDb.doc(rafflePath(raffleId)).get()).get('name') as string;

/** Records the card and answers the administrator's message and the customer's e-mail. */
async function record(raffleId: string, customer: Customer, receivedAt = new Date()) {
  const result = await callOk(
    'recordPostalEntry',
    postcard(raffleId, customer.email, { receivedAt: receivedAt.toISOString() }),
    admin,
  );
  const mail = await adminDb.doc(`${mailCollection}/postal-${result.postalEntryId}`).get();
  return { result, mail: mail.data() };
}

const refusal = (name: string, why: string) =>
  `Hello Postal,\n\nWe received your postal entry for ${name}, but we could not accept it: ${why}.\n\n${SHOP_NAME_PLACEHOLDER}`;

describe('a refused postcard’s e-mail', () => {
  it('tells a customer on a play break why, in their words', async () => {
    const customer = await newCustomer('Postal', 'Resting');
    const raffleId = await createRaffle();
    await callOk('startPlayBreak', { period: '30d' }, customer);
    const { result, mail } = await record(raffleId, customer);
    expect(result).toMatchObject({ outcome: 'refused', message: POSTAL_MESSAGES.onBreak });
    expect(mail).toMatchObject({
      to: customer.email,
      subject: `Your postal entry for ${await nameOf(raffleId)}`,
      text: refusal(await nameOf(raffleId), 'you are taking a break from play'),
    });
  });

  it('tells a customer recorded as under 18 that entrants must be 18 or over', async () => {
    const customer = await newCustomer('Postal', 'Young');
    const year = new Date().getFullYear() - 16;
    await adminDb.doc(userPath(customer.uid)).update({ dateOfBirth: `${year}-06-15` });
    const raffleId = await createRaffle();
    const { result, mail } = await record(raffleId, customer);
    expect(result).toMatchObject({ outcome: 'refused', message: POSTAL_MESSAGES.underAge });
    expect(mail?.text).toBe(refusal(await nameOf(raffleId), 'entrants must be 18 or over'));
  });

  it('tells the customer the competition had sold out', async () => {
    const [first, second] = await Promise.all([
      newCustomer('Postal', 'First'),
      newCustomer('Postal', 'Second'),
    ]);
    const raffleId = await createRaffle({ maxTickets: 1 });
    expect((await record(raffleId, first)).result.outcome).toBe('ticket');
    const { result, mail } = await record(raffleId, second);
    expect(result).toMatchObject({
      outcome: 'refused',
      message: 'Refused: This raffle is sold out',
    });
    expect(mail?.text).toBe(refusal(await nameOf(raffleId), 'the competition had sold out'));
  });

  it('tells the customer a second late card earns no second credit', async () => {
    const customer = await newCustomer('Postal', 'Again');
    const ended = await createRaffle({
      ticketPrice: 250,
      startDate: new Date(Date.now() - 10 * 24 * HOUR),
      endDate: new Date(Date.now() - 5 * HOUR),
    });
    expect((await record(ended, customer)).result.outcome).toBe('credit');
    const { result, mail } = await record(ended, customer);
    expect(result).toMatchObject({
      outcome: 'refused',
      message: POSTAL_MESSAGES.creditAlreadyGiven,
    });
    expect(mail?.text).toBe(
      refusal(
        await nameOf(ended),
        'a late entry for this competition has already been credited to your account',
      ),
    );
  });
});

describe('a free giveaway’s postcard', () => {
  it('tells a customer whose own checkout holds the one entry to finish it, truly', async () => {
    const customer = await newCustomer('Postal', 'Started');
    const raffleId = await createRaffle({ ticketPrice: 0, category: 'free', maxTicketsPerUser: 1 });
    const started = await callOk('startCheckout', { items: [line(raffleId, 1)] }, customer);
    // Before, this said "you already have an entry", and the customer then had none once the
    // unclaimed checkout lapsed.
    const { result, mail } = await record(raffleId, customer);
    expect(result).toMatchObject({
      outcome: 'refused',
      message: `Refused: ${CHECKOUT_MESSAGES.freeHeld}`,
    });
    expect(mail?.text).toBe(
      refusal(
        await nameOf(raffleId),
        'you have started entering this free giveaway on our website, and it allows one entry per person: please finish your entry there',
      ),
    );
    expect(
      await call(
        'addTicketsForUser',
        { userId: customer.uid, raffleId, quantity: 1, minNumber: null },
        admin,
      ),
    ).toMatchObject({ ok: false, message: MANUAL_ENTRY_MESSAGES.freeHeld });
    // Claimed, the entry is theirs: a card is refused as one more.
    await callOk('claimFreeEntries', { sessionId: started.sessionId }, customer);
    const again = await record(raffleId, customer);
    expect(again.mail?.text).toBe(
      refusal(
        await nameOf(raffleId),
        'you already have an entry in this free giveaway, and it allows one per person',
      ),
    );
  });
});

describe('a credited postcard’s e-mail', () => {
  it('for a card that arrived after the close, names the grace period', async () => {
    const customer = await newCustomer('Postal', 'Late');
    const ended = await createRaffle({
      ticketPrice: 199,
      startDate: new Date(Date.now() - 10 * 24 * HOUR),
      endDate: new Date(Date.now() - 30 * HOUR),
    });
    const { result, mail } = await record(ended, customer);
    expect(result).toMatchObject({ outcome: 'credit', message: POSTAL_MESSAGES.credit(199) });
    expect(mail?.text).toBe(
      `Hello Postal,\n\nYour postal entry for ${await nameOf(ended)} arrived after the competition closed, within our 72-hour grace period, so instead of a ticket we have added a credit of £1.99 to your account. It is used automatically at your next checkout.\n\n${SHOP_NAME_PLACEHOLDER}`,
    );
  });

  it('for a card that arrived in time but was entered after the draw, says so', async () => {
    const [holder, customer] = await Promise.all([
      newCustomer('Ticket', 'Holder'),
      newCustomer('Postal', 'Punctual'),
    ]);
    const raffleId = await closedRaffleWithTickets([holder], { ticketPrice: 200 });
    await drawRaffle(adminDb, adminAuth, raffleId, 'schedule');
    const endDate = (await adminDb.doc(rafflePath(raffleId)).get()).get('endDate').toDate() as Date;
    const { result, mail } = await record(raffleId, customer, new Date(endDate.getTime() - HOUR));
    expect(result).toMatchObject({
      outcome: 'credit',
      message: POSTAL_MESSAGES.creditAfterDraw(200),
    });
    expect(mail?.text).toBe(
      `Hello Postal,\n\nYour postal entry for ${await nameOf(raffleId)} arrived in time, but the competition was drawn before we could enter it, so instead of a ticket we have added a credit of £2.00 to your account. It is used automatically at your next checkout.\n\n${SHOP_NAME_PLACEHOLDER}`,
    );
  });
});
