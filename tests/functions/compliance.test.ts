import {
  CHECKOUT_MESSAGES,
  POSTAL_MESSAGES,
  POSTAL_REFUSALS_TO_CUSTOMER,
  SITE_SETTINGS_PATH,
  entriesPath,
  ineligiblePath,
  holdersPath,
  ticketId,
  userPath,
} from '@rafflewin/domain';
import { releaseReservation } from '../../functions/src/services/checkout/release';
import { drawRaffle } from '../../functions/src/services/draws/draw';
import { adminAuth, adminDb, eventually, uniqueEmail } from '../support/admin';
import { call, callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import { messageTo } from '../support/mail';
import {
  AFTER_FAR_END,
  CORRECT,
  FAR_END,
  buyTickets,
  createRaffle,
  line,
  postcard,
  ticketsOf,
} from '../support/raffles';

jest.setTimeout(120_000);

const HOUR = 3_600_000;
let admin: Customer;
let customer: Customer;

beforeAll(async () => {
  [admin, customer] = await Promise.all([newAdmin(), newCustomer('Postal', 'Player')]);
});

const card = (raffleId: string, overrides: Record<string, unknown> = {}) =>
  postcard(raffleId, customer.email, overrides);

describe('free postal entries', () => {
  it('are refused to customers and checked for every detail', async () => {
    const raffleId = await createRaffle();
    expect(await call('recordPostalEntry', card(raffleId), customer)).toMatchObject({
      ok: false,
      status: 'PERMISSION_DENIED',
    });
    expect(await call('recordPostalEntry', card(raffleId, { address: ' ' }), admin)).toMatchObject({
      ok: false,
      status: 'INVALID_ARGUMENT',
      message: POSTAL_MESSAGES.detailsRequired,
    });
    expect(
      await call('recordPostalEntry', card(raffleId, { phone: '0113 496 0000' }), admin),
    ).toMatchObject({
      message: POSTAL_MESSAGES.phoneInvalid,
    });
  });

  it('before the close: one ticket from the same pool, counted for the customer', async () => {
    const raffleId = await createRaffle({ maxTicketsPerUser: 1 });
    const result = await callOk('recordPostalEntry', card(raffleId), admin);
    expect(result).toMatchObject({ outcome: 'ticket', accountCreated: false });
    expect(result.message).toBe(POSTAL_MESSAGES.ticket(result.ticketNumber!));
    const entry = await adminDb.doc(`${entriesPath(raffleId)}/${result.ticketNumber}`).get();
    expect(entry.exists).toBe(true);
    const wrong = await adminDb.doc(`${ineligiblePath(raffleId)}/${result.ticketNumber}`).get();
    expect(wrong.exists).toBe(false);
    const holder = await adminDb.doc(`${holdersPath(raffleId)}/${customer.uid}`).get();
    expect(holder.get('owned')).toBe(1);
    const orders = await adminDb
      .collection('orders')
      .where('userId', '==', customer.uid)
      .where('paymentMethod', '==', 'Postal Entry')
      .get();
    expect(orders.docs.some((o) => o.get('totalAmount') === 0)).toBe(true);
    // The same per-user limit as paid entries: a second card is refused.
    const second = await callOk('recordPostalEntry', card(raffleId), admin);
    expect(second).toMatchObject({ outcome: 'refused' });
    expect(second.message).toBe(`Refused: ${CHECKOUT_MESSAGES.perUserMax(1)}`);
  });

  it('creates an account for a newcomer, and a wrong answer is not drawn', async () => {
    const raffleId = await createRaffle();
    const email = uniqueEmail('newcomer');
    const result = await callOk(
      'recordPostalEntry',
      card(raffleId, { email, firstName: 'New', lastName: 'Comer', answer: 'A' }),
      admin,
    );
    expect(result).toMatchObject({ outcome: 'ticket', accountCreated: true });
    expect(result.message).toBe(POSTAL_MESSAGES.ticketNotInDraw(result.ticketNumber!));
    // Recorded apart, for the draw; the entry and the ticket say nothing before the draw.
    const wrong = await adminDb.doc(`${ineligiblePath(raffleId)}/${result.ticketNumber}`).get();
    expect(wrong.get('reason')).toBe('wrong-answer');
    const entry = await adminDb.doc(`${entriesPath(raffleId)}/${result.ticketNumber}`).get();
    expect(entry.get('eligible')).toBeUndefined();
    const profiles = await adminDb.collection('users').where('email', '==', email).get();
    expect(profiles.docs[0]?.get('address')).toBe('1 High Street, Leeds LS1 1AA');
  });

  it('a deleted wrong answer’s mark goes with its ticket: the next holder of the number is drawn', async () => {
    const raffleId = await createRaffle({ endDate: FAR_END, maxTickets: 1 });
    const wrong = await callOk('recordPostalEntry', card(raffleId, { answer: 'A' }), admin);
    expect(wrong).toMatchObject({ outcome: 'ticket', ticketNumber: 1 });
    const mark = adminDb.doc(`${ineligiblePath(raffleId)}/1`);
    expect((await mark.get()).exists).toBe(true);

    await callOk('deleteTicket', { ticketId: ticketId(raffleId, 1) }, admin);
    expect((await mark.get()).exists).toBe(false);
    // The number is free again, and goes to a buyer who answers rightly.
    const buyer = await newCustomer('Right', 'Answer');
    expect(await buyTickets(buyer, raffleId, 1)).toEqual([1]);
    const record = await drawRaffle(adminDb, adminAuth, raffleId, 'admin', AFTER_FAR_END);
    expect(record).toMatchObject({ status: 'drawn', eligibleCount: 1, excludedWrongAnswer: 0 });
  });

  it('within 72 hours after the close: a credit worth one ticket, spent at the next checkout', async () => {
    const ended = await createRaffle({
      ticketPrice: 199,
      startDate: new Date(Date.now() - 10 * 24 * HOUR),
      endDate: new Date(Date.now() - 30 * HOUR),
    });
    const buyer = await newCustomer('Credit', 'Holder');
    // A wrong or missing answer earns nothing: before, a late card earned more than an on-time
    // one, whose ticket would not be in the draw.
    for (const answer of ['A', null] as const) {
      expect(
        await callOk('recordPostalEntry', card(ended, { email: buyer.email, answer }), admin),
      ).toMatchObject({ outcome: 'refused', message: POSTAL_MESSAGES.wrongAnswer });
    }
    expect((await adminDb.doc(userPath(buyer.uid)).get()).get('accountCredit') ?? 0).toBe(0);
    const result = await callOk('recordPostalEntry', card(ended, { email: buyer.email }), admin);
    expect(result).toMatchObject({ outcome: 'credit', creditPence: 199 });
    expect((await adminDb.doc(userPath(buyer.uid)).get()).get('accountCredit')).toBe(199);
    await eventually(
      async () => (await adminDb.collection('mail').where('to', '==', buyer.email).get()).docs[0],
      {
        what: 'the credit e-mail',
      },
    );

    // The credit comes off the next checkout, and comes back if that checkout lapses.
    const live = await createRaffle({ ticketPrice: 500 });
    const started = await callOk('startCheckout', { items: [line(live, 1)] }, buyer);
    expect(started.amount).toBe(301);
    expect((await adminDb.doc(userPath(buyer.uid)).get()).get('accountCredit')).toBe(0);
    await releaseReservation(adminDb, started.sessionId, 'expired');
    expect((await adminDb.doc(userPath(buyer.uid)).get()).get('accountCredit')).toBe(199);
  });

  it('credits late postcards once per customer and raffle, even when they are recorded at once', async () => {
    const ended = await createRaffle({
      ticketPrice: 250,
      startDate: new Date(Date.now() - 10 * 24 * HOUR),
      endDate: new Date(Date.now() - 5 * HOUR),
    });
    const sender = await newCustomer('Stamp', 'Farmer');
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        callOk('recordPostalEntry', card(ended, { email: sender.email }), admin),
      ),
    );
    expect(results.filter((r) => r.outcome === 'credit')).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'refused').map((r) => r.message)).toEqual(
      Array(3).fill(POSTAL_MESSAGES.creditAlreadyGiven),
    );
    expect((await adminDb.doc(userPath(sender.uid)).get()).get('accountCredit')).toBe(250);
    const cards = await adminDb.collection('postalEntries').where('raffleId', '==', ended).get();
    expect(cards.size).toBe(4);
  });

  it('more than 72 hours after the close: refused, and recorded', async () => {
    const longAgo = await createRaffle({
      startDate: new Date(Date.now() - 20 * 24 * HOUR),
      endDate: new Date(Date.now() - 80 * HOUR),
    });
    const result = await callOk('recordPostalEntry', card(longAgo), admin);
    expect(result).toMatchObject({ outcome: 'refused', message: POSTAL_MESSAGES.tooLate });
    const record = await adminDb.doc(`postalEntries/${result.postalEntryId}`).get();
    expect(record.get('outcome')).toBe('refused');
    expect(record.get('recordedBy')).toBe(admin.uid);
  });
});

describe('skill question setting', () => {
  let before: FirebaseFirestore.DocumentData | undefined;
  beforeAll(async () => {
    before = (await adminDb.doc(SITE_SETTINGS_PATH).get()).data();
  });
  afterAll(async () => {
    // Put the site settings back exactly as they were (other suites read them).
    if (before) await adminDb.doc(SITE_SETTINGS_PATH).set(before);
    else await adminDb.doc(SITE_SETTINGS_PATH).delete();
  });

  const refusedAsWrong = (raffleId: string) => ({
    ok: false,
    status: 'FAILED_PRECONDITION',
    message: CHECKOUT_MESSAGES.incorrectAnswer,
    details: { reason: 'answer-incorrect', raffleId },
  });

  it('by default lets a wrong answer buy (not drawn); switched on, refuses it for good', async () => {
    const [raffleId, other] = await Promise.all([createRaffle(), createRaffle()]);
    const lenient = await call('startCheckout', { items: [line(raffleId, 1, 'A')] }, customer);
    expect(lenient.ok).toBe(true);
    await adminDb.doc(SITE_SETTINGS_PATH).set({ refuseWrongAnswers: true }, { merge: true });
    const shopper = await newCustomer('Guess', 'Once');
    // Right answers go through, as often as the customer buys.
    expect((await call('startCheckout', { items: [line(raffleId, 1)] }, shopper)).ok).toBe(true);
    expect((await call('startCheckout', { items: [line(raffleId, 1)] }, shopper)).ok).toBe(true);
    expect(await call('startCheckout', { items: [line(raffleId, 1, 'A')] }, shopper)).toEqual(
      refusedAsWrong(raffleId),
    );
    // The first wrong answer is final: trying the other options gets nobody in.
    for (const option of ['C', 'B'] as const) {
      expect(await call('startCheckout', { items: [line(raffleId, 1, option)] }, shopper)).toEqual(
        refusedAsWrong(raffleId),
      );
    }
    // Nor by post.
    const byPost = await callOk(
      'recordPostalEntry',
      postcard(raffleId, shopper.email, { firstName: 'Guess', lastName: 'Once' }),
      admin,
    );
    expect(byPost).toMatchObject({ outcome: 'refused', message: POSTAL_MESSAGES.wrongAnswer });
    // Another raffle, and another customer, are not touched.
    expect((await call('startCheckout', { items: [line(other, 1)] }, shopper)).ok).toBe(true);
    expect((await call('startCheckout', { items: [line(raffleId, 1)] }, customer)).ok).toBe(true);
  });

  it('switched on, counts a wrong answer given before as final, as one given after', async () => {
    const raffleId = await createRaffle();
    const [early, unpaid] = await Promise.all([
      newCustomer('Early', 'Guess'),
      newCustomer('Unpaid', 'Guess'),
    ]);
    // While the site lets wrong answers buy: a ticket left out of the draw, and a checkout
    // never paid (no ticket, so no answer given).
    await adminDb.doc(SITE_SETTINGS_PATH).set({ refuseWrongAnswers: false }, { merge: true });
    await buyTickets(early, raffleId, 1, 'A');
    expect((await call('startCheckout', { items: [line(raffleId, 1, 'C')] }, unpaid)).ok).toBe(
      true,
    );
    await adminDb.doc(SITE_SETTINGS_PATH).set({ refuseWrongAnswers: true }, { merge: true });
    // Before, the customer who had bought with a wrong answer could now try the others.
    for (const option of ['B', 'C'] as const) {
      expect(await call('startCheckout', { items: [line(raffleId, 1, option)] }, early)).toEqual(
        refusedAsWrong(raffleId),
      );
    }
    expect((await call('startCheckout', { items: [line(raffleId, 1)] }, unpaid)).ok).toBe(true);
  });

  it('switched on, judges every option sent at once in turn: none after a wrong one', async () => {
    const raffleId = await createRaffle();
    await adminDb.doc(SITE_SETTINGS_PATH).set({ refuseWrongAnswers: true }, { merge: true });
    const guesser = await newCustomer('Many', 'Tabs');
    const options = ['A', 'B', 'C', 'A', 'B', 'C'] as const;
    const answers = await Promise.all(
      options.map((option) =>
        call('startCheckout', { items: [line(raffleId, 1, option)] }, guesser),
      ),
    );
    options.forEach((option, i) => {
      if (option !== CORRECT) expect(answers[i]).toEqual(refusedAsWrong(raffleId));
    });
    // A wrong answer was judged, so from now on the right one is refused as well.
    expect(await call('startCheckout', { items: [line(raffleId, 1)] }, guesser)).toEqual(
      refusedAsWrong(raffleId),
    );
  });

  it('switched on, refuses a postcard with a wrong or missing answer, as online', async () => {
    const [raffleId, giveaway] = await Promise.all([
      createRaffle(),
      createRaffle({ ticketPrice: 0, maxTicketsPerUser: 1 }),
    ]);
    await adminDb.doc(SITE_SETTINGS_PATH).set({ refuseWrongAnswers: true }, { merge: true });
    const senders = new Map<string | null, Customer>();
    for (const answer of ['A', null] as const) {
      const sender = await newCustomer('Card', 'Sender');
      senders.set(answer, sender);
      const result = await callOk(
        'recordPostalEntry',
        card(raffleId, { answer, email: sender.email }),
        admin,
      );
      expect(result).toMatchObject({ outcome: 'refused', ticketNumber: null });
      expect(result.message).toBe(POSTAL_MESSAGES.wrongAnswer);
      expect(await ticketsOf(sender.uid, raffleId)).toBe(0);
      const mail = await messageTo(sender.email);
      expect(mail.text).toContain(
        `we could not accept it: ${POSTAL_REFUSALS_TO_CUSTOMER.wrongAnswer}.`,
      );
    }
    // A wrong answer is final, by post as online; a card without one guessed nothing.
    const again = (sender: Customer) =>
      callOk('recordPostalEntry', card(raffleId, { email: sender.email }), admin);
    expect(await again(senders.get('A')!)).toMatchObject({ outcome: 'refused' });
    expect(await again(senders.get(null)!)).toMatchObject({ outcome: 'ticket' });
    // A free giveaway asks no question, online or by post: a card without an answer is drawn.
    const free = await callOk('recordPostalEntry', card(giveaway, { answer: null }), admin);
    expect(free.message).toBe(POSTAL_MESSAGES.ticket(free.ticketNumber!));
    const left = await adminDb.doc(`${ineligiblePath(giveaway)}/${free.ticketNumber}`).get();
    expect(left.exists).toBe(false);
  });
});
