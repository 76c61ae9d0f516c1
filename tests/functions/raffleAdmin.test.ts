import {
  userPath,
  answerChecksPath,
  checkoutAnswersPath,
  DEFAULT_POSTAL_ENTRY_TEXT,
  auditLogCollection,
  entriesPath,
  mailCollection,
  notificationsPath,
  ordersCollection,
  questionsPath,
  rafflePath,
  raffleSecretsCollection,
  shardsPath,
  ticketsCollection,
  CHECKOUT_MESSAGES,
  QUESTION_MESSAGES,
  RAFFLE_MESSAGES,
  raffleSearchCollection,
  SITE_SETTINGS_PATH,
  raffleSavedMessage,
  type CallableName,
  type SaveRaffleInput,
  type SaveQuestionInput,
} from '@rafflewin/domain';
import { FieldValue } from 'firebase-admin/firestore';
import { adminDb, eventually, versionOf } from '../support/admin';
import { callRaw, call, callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import { createRaffle, line, raffleForm } from '../support/raffles';
import { payByCard } from '../support/stripeDouble';
import { indexUnsearchedRaffles } from '../../functions/src/services/raffles/search';
import { triggersSettled } from '../support/triggers';

jest.setTimeout(120_000);

const DAY = 86_400_000;

let admin: Customer;
let customer: Customer;

/** The shop's postal entry address, which every live raffle names. */
const POSTAL_ADDRESS = 'Test Shop Entries\nPO Box 7\nLeeds LS1 1AA';

beforeAll(async () => {
  [admin, customer] = await Promise.all([newAdmin(), newCustomer()]);
  await adminDb
    .doc(SITE_SETTINGS_PATH)
    .set({ postalEntryAddress: POSTAL_ADDRESS }, { merge: true });
});

const raffleInput = (overrides: Record<string, unknown> = {}): SaveRaffleInput => ({
  raffleId: null,
  name: `Test raffle admin ${Date.now()}`,
  description: 'A prize from the console',
  imageUrl: '/images/raffles/tech-ps5.svg',
  category: 'tech',
  ticketPrice: 250,
  maxTickets: 100,
  maxTicketsPerUser: 10,
  startDate: new Date(Date.now() - 60_000).toISOString(),
  endDate: new Date(Date.now() + 200 * DAY).toISOString(),
  onlineEntryText: 'Enter online by purchasing tickets through our website.',
  postalEntryText: DEFAULT_POSTAL_ENTRY_TEXT,
  ...overrides,
});

async function auditFor(target: string, action: string) {
  const entries = await adminDb
    .collection(auditLogCollection)
    .where('target', '==', target)
    .where('action', '==', action)
    .get();
  return entries.docs.map((d) => d.data());
}

/** The console's question form, filled in. */
const question = (
  raffleId: string,
  overrides: Record<string, unknown> = {},
): SaveQuestionInput => ({
  raffleId,
  questionId: null,
  text: 'Which is a planet?',
  optionA: 'Mars',
  optionB: 'Moon',
  optionC: 'Sun',
  correctAnswer: 'A',
  isActive: true,
  ...overrides,
});

async function createViaConsole(overrides: Record<string, unknown> = {}): Promise<string> {
  const { id } = await callOk('saveRaffle', raffleInput(overrides), admin);
  return id;
}

/** A paid purchase, through checkout and a test card on Stripe's page (the double's). */
async function buy(buyer: Customer, lines: ReturnType<typeof line>[]): Promise<string> {
  const started = await callOk('startCheckout', { items: lines }, buyer);
  return (await payByCard(started)).orderId;
}

async function poolSize(raffleId: string): Promise<number> {
  const shards = await adminDb.collection(shardsPath(raffleId)).get();
  return shards.docs.reduce((sum, shard) => sum + (shard.get('size') as number), 0);
}

describe('every admin callable of the console', () => {
  const attempts: Array<[CallableName, unknown]> = [
    ['saveRaffle', raffleInput()],
    ['setRaffleActive', { raffleId: 'cash-10000', active: false }],
    ['deleteRaffle', { raffleId: 'cash-10000' }],
    ['cancelRaffle', { raffleId: 'cash-10000' }],
    [
      'saveQuestion',
      {
        raffleId: 'cash-10000',
        questionId: null,
        text: 'Q?',
        optionA: 'a',
        optionB: 'b',
        optionC: 'c',
        correctAnswer: 'A',
        isActive: true,
      },
    ],
    ['setQuestionActive', { raffleId: 'cash-10000', questionId: 'main', isActive: false }],
    ['deleteQuestion', { raffleId: 'cash-10000', questionId: 'main' }],
    [
      'addLibraryImage',
      {
        name: 'x',
        url: 'https://example.com/x.png',
        storagePath: null,
        contentType: null,
        sizeBytes: null,
        metadata: null,
      },
    ],
    ['deleteLibraryImage', { imageId: 'x' }],
    [
      'saveCarouselSlide',
      {
        slideId: null,
        title: '',
        description: '',
        imageUrl: '/images/placeholder.svg',
        category: 'cash',
        buttonText: '',
        buttonLink: '/',
        isActive: false,
      },
    ],
    ['setCarouselSlideActive', { slideId: 'slide-tech', isActive: false }],
    ['moveCarouselSlide', { slideId: 'slide-tech', direction: 'up' }],
    ['deleteCarouselSlide', { slideId: 'slide-tech' }],
  ];

  it.each(attempts)(
    '%s refuses guests and customers before reading the input',
    async (name, input) => {
      expect(await callRaw(name, input)).toMatchObject({ ok: false, status: 'UNAUTHENTICATED' });
      expect(await callRaw(name, input, customer)).toEqual({
        ok: false,
        status: 'PERMISSION_DENIED',
        message: 'Access denied. Admin privileges required.',
      });
    },
  );
});

describe("the console's raffle search", () => {
  it('keeps an entry per raffle in step with its name and dates, not its sales, and drops it with the raffle', async () => {
    const raffleId = await createViaConsole({ name: 'Test raffle Golden Retriever Puppy' });
    const entry = () => adminDb.collection(raffleSearchCollection).doc(raffleId).get();
    await triggersSettled();
    expect((await entry()).data()).toMatchObject({
      name: 'Test raffle Golden Retriever Puppy',
      category: 'tech',
      active: false,
    });
    const found = await adminDb
      .collection(raffleSearchCollection)
      .where('terms', 'array-contains', 'retr')
      .get();
    expect(found.docs.map((d) => d.id)).toEqual([raffleId]);

    await callOk(
      'saveRaffle',
      raffleInput({ raffleId, name: 'Test raffle Silver Labrador' }),
      admin,
    );
    await triggersSettled();
    expect((await entry()).get('terms')).toEqual(
      expect.arrayContaining(['labrador', 'silver', 'abr']),
    );
    expect((await entry()).get('terms')).not.toContain('retr');
    const written = (await entry()).updateTime;
    // A change to what is not searched (a sale, a description) leaves the entry alone.
    await adminDb.doc(rafflePath(raffleId)).update({ description: 'Now with a lead' });
    await triggersSettled();
    expect((await entry()).updateTime?.isEqual(written!)).toBe(true);

    // A raffle saved before the index existed gets its entry from the backfill.
    await adminDb.collection(raffleSearchCollection).doc(raffleId).delete();
    expect(await indexUnsearchedRaffles(adminDb)).toBeGreaterThanOrEqual(1);
    expect((await entry()).get('name')).toBe('Test raffle Silver Labrador');
    expect(await indexUnsearchedRaffles(adminDb)).toBe(0);

    await callOk('deleteRaffle', { raffleId }, admin);
    await triggersSettled();
    expect((await entry()).exists).toBe(false);
  });

  it('says a raffle is sold out when its last ticket goes, writing the entry only when that flips', async () => {
    const raffleId = await createRaffle({ maxTickets: 2 });
    const entry = () => adminDb.collection(raffleSearchCollection).doc(raffleId).get();
    await triggersSettled();
    expect((await entry()).get('soldOut')).toBe(false);
    const written = (await entry()).updateTime;

    // A sale that leaves a ticket: the raffle's counts change, its entry does not.
    await callOk('createManualEntry', { userId: customer.uid, raffleId, quantity: 1 }, admin);
    await eventually(
      async () => (await adminDb.doc(rafflePath(raffleId)).get()).get('soldTickets') === 1 || null,
      { what: 'the first sale to roll up' },
    );
    await triggersSettled();
    expect((await entry()).updateTime?.isEqual(written!)).toBe(true);

    // The last ticket: sold out.
    await callOk('createManualEntry', { userId: customer.uid, raffleId, quantity: 1 }, admin);
    await eventually(async () => (await entry()).get('soldOut') === true || null, {
      what: 'the entry to say sold out',
    });

    // An entry written before the flag existed gets it from the backfill.
    await entry().then((d) => d.ref.update({ soldOut: FieldValue.delete() }));
    expect(await indexUnsearchedRaffles(adminDb)).toBeGreaterThanOrEqual(1);
    expect((await entry()).get('soldOut')).toBe(true);
  });
});

describe('saveRaffle', () => {
  it("checks the form with the shop's messages and writes nothing on a refusal", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: ' ' }, 'Name is required'],
      [{ imageUrl: '' }, 'Image URL is required'],
      [{ ticketPrice: 0 }, 'Tech raffles must have a positive ticket price'],
      [{ category: 'free', maxTicketsPerUser: 1 }, 'Free raffles must have a ticket price of 0'],
      [
        { endDate: new Date(Date.now() - DAY).toISOString() },
        'End date/time must be after start date/time',
      ],
      [{ maxTickets: 0 }, 'Maximum tickets must be greater than 0'],
      [{ maxTicketsPerUser: 0 }, 'Maximum tickets per user must be greater than 0'],
      [{ maxTickets: 5 }, 'Maximum tickets per user cannot exceed total maximum tickets'],
      [
        { ticketPrice: 5, maxTicketsPerUser: 4 },
        'A customer could spend at most £0.20 on this raffle, and card payments start at £0.30: raise the ticket price or the maximum tickets per user',
      ],
    ];
    for (const [overrides, message] of cases) {
      const name = `Test raffle refused ${Date.now()}`;
      expect(await call('saveRaffle', raffleInput({ name, ...overrides }), admin)).toEqual({
        ok: false,
        status: 'INVALID_ARGUMENT',
        message,
      });
      const written = await adminDb.collection('raffles').where('name', '==', name).get();
      expect(written.empty).toBe(true);
    }
  });

  it('creates a raffle with its ticket pool in one operation, audited: a paid one switched off until it has a question, a free one live', async () => {
    const raffleId = await createViaConsole({ maxTickets: 57, maxTicketsPerUser: 5 });
    const raffle = (await adminDb.doc(rafflePath(raffleId)).get()).data()!;
    const freeId = await createViaConsole({
      category: 'free',
      ticketPrice: 0,
      maxTicketsPerUser: 1,
    });
    expect((await adminDb.doc(rafflePath(freeId)).get()).get('active')).toBe(true);
    expect(raffle).toMatchObject({
      active: false,
      ticketPrice: 250,
      soldTickets: 0,
      cancelledAt: null,
    });
    const shards = await adminDb.collection(shardsPath(raffleId)).get();
    expect(shards.size).toBe(10);
    expect(await poolSize(raffleId)).toBe(57);
    const [entry] = await auditFor(`raffles/${raffleId}`, 'raffle.create');
    expect(entry).toMatchObject({ actorUid: admin.uid, before: null });
    expect(entry?.after).toMatchObject({ maxTickets: 57 });
  });

  it('answers whether the raffle it saved is on and, when a new one stays off, why', async () => {
    const free = { category: 'free', ticketPrice: 0, maxTicketsPerUser: 1 };
    const paid = await callOk('saveRaffle', raffleInput(), admin);
    expect(paid).toEqual({
      id: expect.any(String),
      created: true,
      active: false,
      offReason: 'no-question',
    });
    const live = await callOk('saveRaffle', raffleInput(free), admin);
    expect(live).toEqual({ id: expect.any(String), created: true, active: true, offReason: null });
    const edits = [
      raffleInput({ ...free, raffleId: live.id, name: 'Test raffle live renamed' }),
      raffleInput({ raffleId: paid.id, name: 'Test raffle off renamed' }),
    ];
    const edited = await Promise.all(edits.map((edit) => callOk('saveRaffle', edit, admin)));
    expect(edited).toEqual([
      { id: live.id, created: false, active: true, offReason: null },
      { id: paid.id, created: false, active: false, offReason: null },
    ]);
    for (const saved of [paid, live]) {
      expect((await adminDb.doc(rafflePath(saved.id)).get()).get('active')).toBe(saved.active);
    }
    expect([paid, live, ...edited].map(raffleSavedMessage)).toEqual([
      RAFFLE_MESSAGES.createdOff,
      RAFFLE_MESSAGES.created,
      RAFFLE_MESSAGES.updated,
      RAFFLE_MESSAGES.updated,
    ]);
  });

  it('edits a raffle, audited with before and after, and refuses an unknown one', async () => {
    const raffleId = await createViaConsole();
    await callOk(
      'saveRaffle',
      raffleInput({ raffleId, name: 'Test raffle renamed', closeOnSellOut: true }),
      admin,
    );
    expect((await adminDb.doc(rafflePath(raffleId)).get()).get('name')).toBe('Test raffle renamed');
    const [entry] = await auditFor(`raffles/${raffleId}`, 'raffle.update');
    // Every term the form edits, drawing on sell-out among them (before, left out of both).
    expect(entry?.before).toMatchObject({ closeOnSellOut: false });
    expect(entry?.after).toMatchObject({ name: 'Test raffle renamed', closeOnSellOut: true });
    expect(await call('saveRaffle', raffleInput({ raffleId: 'no-such-raffle' }), admin)).toEqual({
      ok: false,
      status: 'NOT_FOUND',
      message: 'This raffle no longer exists',
    });
  });

  it('refuses an edit made over a change saved since its form was filled, and keeps that change', async () => {
    const raffleId = await createViaConsole();
    const other = await newAdmin('Otto', 'Other');
    // Two forms filled from the same version.
    const [mine, theirs] = [await raffleForm(raffleId), await raffleForm(raffleId)];
    await callOk('saveRaffle', { ...theirs, name: 'Test raffle by Otto' }, other);
    const stale = { ...mine, maxTicketsPerUser: 3 };
    expect(await call('saveRaffle', stale, admin)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: RAFFLE_MESSAGES.changedSinceOpened,
    });
    const kept = (await adminDb.doc(rafflePath(raffleId)).get()).data()!;
    expect(kept).toMatchObject({ name: 'Test raffle by Otto', maxTicketsPerUser: 10 });
    // Switching it on or off is a change too; a form filled afresh saves.
    const afterRename = await raffleForm(raffleId);
    await callOk('setRaffleActive', { raffleId, active: false }, other);
    expect(await call('saveRaffle', afterRename, admin)).toMatchObject({
      message: RAFFLE_MESSAGES.changedSinceOpened,
    });
    await callOk('saveRaffle', await raffleForm(raffleId, { maxTicketsPerUser: 3 }), admin);
    expect((await adminDb.doc(rafflePath(raffleId)).get()).data()).toMatchObject({
      name: 'Test raffle by Otto',
      maxTicketsPerUser: 3,
    });
    for (const { after } of await auditFor(`raffles/${raffleId}`, 'raffle.update')) {
      expect(Object.keys(after as object)).not.toContain('seenUpdatedAt');
    }
    expect((await adminDb.doc(rafflePath(raffleId)).get()).get('seenUpdatedAt')).toBeUndefined();
  });

  it('fixes the closing date once a ticket is sold and keeps the pool consistent', async () => {
    const endDate = new Date(Date.now() + 100 * DAY).toISOString();
    const raffleId = await createRaffle({ maxTickets: 40, endDate: new Date(endDate) });
    const base = { raffleId, maxTickets: 40, maxTicketsPerUser: 2, endDate };
    // No tickets yet: the end may move later, and the pool grows with the maximum.
    await callOk('saveRaffle', raffleInput({ ...base, maxTickets: 50 }), admin);
    expect(await poolSize(raffleId)).toBe(50);

    await buy(customer, [line(raffleId, 2)]);
    const later = raffleInput({
      ...base,
      maxTickets: 50,
      endDate: new Date(Date.parse(endDate) + DAY).toISOString(),
    });
    expect(await call('saveRaffle', later, admin)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: 'Tickets have been sold for this raffle, so its closing date cannot be moved later',
    });
    expect(
      (await adminDb.doc(rafflePath(raffleId)).get()).get('endDate').toDate().toISOString(),
    ).toBe(endDate);
    // Its entrants answered the question and paid: it does not become a free giveaway.
    const free = raffleInput({ ...base, category: 'free', ticketPrice: 0, maxTicketsPerUser: 1 });
    expect(await call('saveRaffle', free, admin)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: RAFFLE_MESSAGES.freeFixed,
    });
    expect((await adminDb.doc(rafflePath(raffleId)).get()).get('category')).toBe('tech');
    const tooFew = raffleInput({ ...base, maxTickets: 1, maxTicketsPerUser: 1 });
    expect(await call('saveRaffle', tooFew, admin)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: 'Maximum tickets cannot be less than the 2 tickets already sold or reserved',
    });
    // Earlier is allowed, and the pool shrinks without touching the tickets sold.
    const earlier = new Date(Date.parse(endDate) - DAY).toISOString();
    await callOk('saveRaffle', raffleInput({ ...base, maxTickets: 2, endDate: earlier }), admin);
    expect(await poolSize(raffleId)).toBe(2);
    const soldOut = await call(
      'startCheckout',
      { items: [line(raffleId, 1)] },
      await newCustomer(),
    );
    expect(soldOut).toMatchObject({ ok: false, message: 'This raffle is sold out' });
  });
});

describe('the postal entry address', () => {
  const settings = () => adminDb.doc(SITE_SETTINGS_PATH);
  afterEach(async () => {
    await settings().set({ postalEntryAddress: POSTAL_ADDRESS }, { merge: true });
  });

  it('keeps every raffle off while it is unset: a new free raffle is saved off, and no switch or live edit goes through', async () => {
    const live = await createRaffle();
    await settings().set({ postalEntryAddress: '' }, { merge: true });
    const refused = {
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: RAFFLE_MESSAGES.postalAddressRequired,
    };
    const free = await createViaConsole({ category: 'free', ticketPrice: 0, maxTicketsPerUser: 1 });
    expect((await adminDb.doc(rafflePath(free)).get()).get('active')).toBe(false);
    expect(await call('setRaffleActive', { raffleId: free, active: true }, admin)).toEqual(refused);
    const edit = raffleInput({ raffleId: live, name: 'Test raffle no address' });
    expect(await call('saveRaffle', edit, admin)).toEqual(refused);
    expect((await adminDb.doc(rafflePath(live)).get()).get('name')).not.toBe(edit.name);
    // Switching off always works.
    await callOk('setRaffleActive', { raffleId: live, active: false }, admin);

    await settings().set({ postalEntryAddress: POSTAL_ADDRESS }, { merge: true });
    await callOk('setRaffleActive', { raffleId: free, active: true }, admin);
    expect((await adminDb.doc(rafflePath(free)).get()).get('active')).toBe(true);
  });

  it('answers that a new raffle, free or paid, stays off until the address is set', async () => {
    await settings().set({ postalEntryAddress: '' }, { merge: true });
    const free = { category: 'free', ticketPrice: 0, maxTicketsPerUser: 1 };
    for (const input of [raffleInput(free), raffleInput()]) {
      const saved = await callOk('saveRaffle', input, admin);
      expect(saved).toEqual({
        id: expect.any(String),
        created: true,
        active: false,
        offReason: 'no-postal-address',
      });
      expect((await adminDb.doc(rafflePath(saved.id)).get()).get('active')).toBe(false);
      expect(raffleSavedMessage(saved)).toBe(RAFFLE_MESSAGES.createdOffNoPostalAddress);
    }
  });
});

describe('setRaffleActive and deleteRaffle', () => {
  it('switches a paid raffle on only with an active skill question, audited', async () => {
    const raffleId = await createViaConsole();
    const refused = {
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: RAFFLE_MESSAGES.questionRequired,
    };
    expect(await call('setRaffleActive', { raffleId, active: true }, admin)).toEqual(refused);
    // An inactive question does not count.
    const { id: questionId } = await callOk(
      'saveQuestion',
      question(raffleId, { isActive: false }),
      admin,
    );
    expect(await call('setRaffleActive', { raffleId, active: true }, admin)).toEqual(refused);
    expect((await adminDb.doc(rafflePath(raffleId)).get()).get('active')).toBe(false);
    expect(await auditFor(`raffles/${raffleId}`, 'raffle.activate')).toHaveLength(0);

    await callOk('setQuestionActive', { raffleId, questionId, isActive: true }, admin);
    await callOk('setRaffleActive', { raffleId, active: true }, admin);
    expect((await adminDb.doc(rafflePath(raffleId)).get()).get('active')).toBe(true);
    expect(await auditFor(`raffles/${raffleId}`, 'raffle.activate')).toHaveLength(1);
    await callOk('setRaffleActive', { raffleId, active: false }, admin);
    expect((await adminDb.doc(rafflePath(raffleId)).get()).get('active')).toBe(false);
    expect(await auditFor(`raffles/${raffleId}`, 'raffle.deactivate')).toHaveLength(1);
  });

  it('refuses to price a live raffle without a question, and to take a live paid raffle’s last question away', async () => {
    // A live paid raffle from before the rule, with no question: it takes no entries, and
    // cannot be edited live until it has one.
    const legacy = await createRaffle({}, { question: false });
    const legacyInput = raffleInput({ raffleId: legacy, name: 'Test raffle legacy' });
    expect(await call('saveRaffle', legacyInput, admin)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: RAFFLE_MESSAGES.questionRequired,
    });
    expect(
      await call('startCheckout', { items: [line(legacy, 1)] }, await newCustomer()),
    ).toMatchObject({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: CHECKOUT_MESSAGES.noQuestion,
    });

    const { id } = await callOk('saveQuestion', question(legacy), admin);
    const lastOne = {
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: QUESTION_MESSAGES.lastActive,
    };
    expect(
      await call('setQuestionActive', { raffleId: legacy, questionId: id, isActive: false }, admin),
    ).toEqual(lastOne);
    expect(await call('deleteQuestion', { raffleId: legacy, questionId: id }, admin)).toEqual(
      lastOne,
    );
    expect(
      await call('saveQuestion', question(legacy, { questionId: id, isActive: false }), admin),
    ).toEqual(lastOne);
    expect((await adminDb.doc(`${questionsPath(legacy)}/${id}`).get()).get('isActive')).toBe(true);
    // With a second active question the first may go; switched off, the raffle may lose all.
    const { id: second } = await callOk('saveQuestion', question(legacy), admin);
    await callOk('setQuestionActive', { raffleId: legacy, questionId: id, isActive: false }, admin);
    await callOk('setRaffleActive', { raffleId: legacy, active: false }, admin);
    await callOk('deleteQuestion', { raffleId: legacy, questionId: second }, admin);
  });

  it('deletes a raffle without tickets with its pool, questions and answers', async () => {
    const raffleId = await createViaConsole();
    await callOk(
      'saveQuestion',
      {
        raffleId,
        questionId: null,
        text: 'Colour of the sky?',
        optionA: 'Blue',
        optionB: 'Green',
        optionC: 'Red',
        correctAnswer: 'A',
        isActive: true,
      },
      admin,
    );
    await callOk('deleteRaffle', { raffleId }, admin);
    expect((await adminDb.doc(rafflePath(raffleId)).get()).exists).toBe(false);
    expect((await adminDb.collection(shardsPath(raffleId)).get()).empty).toBe(true);
    expect((await adminDb.collection(questionsPath(raffleId)).get()).empty).toBe(true);
    expect((await adminDb.collection(raffleSecretsCollection).doc(raffleId).get()).exists).toBe(
      false,
    );
    expect(await auditFor(`raffles/${raffleId}`, 'raffle.delete')).toHaveLength(1);
  });

  it('refuses to delete a raffle with tickets', async () => {
    const raffleId = await createRaffle();
    await buy(customer, [line(raffleId, 1)]);
    expect(await call('deleteRaffle', { raffleId }, admin)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: 'This raffle has tickets: cancel it instead',
      details: { reason: 'raffle-has-tickets' },
    });
    expect((await adminDb.doc(rafflePath(raffleId)).get()).exists).toBe(true);
  });
});

describe('cancelRaffle', () => {
  it('refunds each paid order exactly once, voids the tickets and tells each customer once', async () => {
    const [alice, bob] = await Promise.all([newCustomer('Alice'), newCustomer('Bob')]);
    const raffleId = await createRaffle({ ticketPrice: 300 });
    const other = await createRaffle({ ticketPrice: 100 });
    // Alice's order also holds another raffle's ticket: only this raffle's lines come back.
    const aliceOrder = await buy(alice, [line(raffleId, 2), line(other, 1)]);
    const bobOrder = await buy(bob, [line(raffleId, 1)]);

    const first = await callOk('cancelRaffle', { raffleId }, admin);
    expect(first).toEqual({
      refundedOrders: 2,
      refundedAmount: 900,
      voidedTickets: 3,
      notifiedCustomers: 2,
      manualRefunds: 0,
      creditReturned: 0,
      failedOrders: [],
    });
    const again = await callOk('cancelRaffle', { raffleId }, admin);
    expect(again).toEqual({
      refundedOrders: 0,
      refundedAmount: 0,
      voidedTickets: 0,
      notifiedCustomers: 0,
      manualRefunds: 0,
      creditReturned: 0,
      failedOrders: [],
    });

    const raffle = (await adminDb.doc(rafflePath(raffleId)).get()).data()!;
    expect(raffle.active).toBe(false);
    expect(raffle.cancelledAt).toBeTruthy();
    const tickets = await adminDb
      .collection(ticketsCollection)
      .where('raffleId', '==', raffleId)
      .get();
    expect(tickets.docs.map((t) => t.get('status'))).toEqual(['void', 'void', 'void']);
    expect((await adminDb.collection(entriesPath(raffleId)).get()).empty).toBe(true);
    const otherTickets = await adminDb
      .collection(ticketsCollection)
      .where('raffleId', '==', other)
      .get();
    expect(otherTickets.docs.map((t) => t.get('status'))).toEqual(['active']);

    const bobs = (await adminDb.collection(ordersCollection).doc(bobOrder).get()).data()!;
    expect(bobs).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      refundedAmount: 300,
    });
    expect(bobs.refunds[raffleId]).toMatchObject({ amount: 300, provider: 'stripe' });
    expect(bobs.refunds[raffleId].refundId).toMatch(/^re_test_/);
    const alices = (await adminDb.collection(ordersCollection).doc(aliceOrder).get()).data()!;
    expect(alices).toMatchObject({
      status: 'completed',
      paymentStatus: 'paid',
      refundedAmount: 600,
    });
    for (const orderId of [aliceOrder, bobOrder]) {
      expect(await auditFor(`orders/${orderId}`, 'order.refund')).toHaveLength(1);
    }
    expect(await auditFor(`raffles/${raffleId}`, 'raffle.cancel')).toHaveLength(2);

    for (const who of [alice, bob]) {
      const notes = await adminDb
        .collection(notificationsPath(who.uid))
        .where('title', '==', 'Raffle cancelled')
        .get();
      expect(notes.size).toBe(1);
      const mails = await adminDb.collection(mailCollection).where('to', '==', who.email).get();
      const cancelled = mails.docs.filter((m) =>
        String(m.get('subject')).startsWith('Raffle cancelled'),
      );
      expect(cancelled).toHaveLength(1);
    }
    const bobNote = await adminDb
      .collection(notificationsPath(bob.uid))
      .doc(`raffle-cancelled-${raffleId}`)
      .get();
    expect(bobNote.get('message')).toMatch(/£3\.00 has been refunded/);

    expect(await call('setRaffleActive', { raffleId, active: true }, admin)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: 'This raffle has been cancelled and cannot be activated again',
    });
  });
});

describe('refunds match what was charged', () => {
  it('refunds the card only what it was charged; account credit comes back as credit', async () => {
    const buyer = await newCustomer('Credit', 'Spender');
    await adminDb.doc(userPath(buyer.uid)).update({ accountCredit: 200 });
    const raffleId = await createRaffle({ ticketPrice: 300 });
    const orderId = await buy(buyer, [line(raffleId, 1)]);
    const order = (await adminDb.collection(ordersCollection).doc(orderId).get()).data()!;
    expect(order).toMatchObject({ totalAmount: 100, creditApplied: 200 });

    expect(await callOk('cancelRaffle', { raffleId }, admin)).toMatchObject({
      refundedAmount: 100,
      creditReturned: 200,
      failedOrders: [],
    });
    const after = (await adminDb.collection(ordersCollection).doc(orderId).get()).data()!;
    expect(after).toMatchObject({ refundedAmount: 100, paymentStatus: 'refunded' });
    expect(after.refunds[raffleId]).toMatchObject({ amount: 100, creditReturned: 200 });
    expect((await adminDb.doc(userPath(buyer.uid)).get()).get('accountCredit')).toBe(200);
    const note = await adminDb
      .collection(notificationsPath(buyer.uid))
      .doc(`raffle-cancelled-${raffleId}`)
      .get();
    expect(note.get('message')).toContain('£1.00 has been refunded to your card');
    expect(note.get('message')).toContain('£2.00 of account credit has been returned');
    // Again: nothing more comes back.
    await callOk('cancelRaffle', { raffleId }, admin);
    expect((await adminDb.doc(userPath(buyer.uid)).get()).get('accountCredit')).toBe(200);
  });

  it('gives back the account credit of a deleted order', async () => {
    const buyer = await newCustomer('Credit', 'Only');
    await adminDb.doc(userPath(buyer.uid)).update({ accountCredit: 300 });
    const raffleId = await createRaffle({ ticketPrice: 300 });
    const started = await callOk('startCheckout', { items: [line(raffleId, 1)] }, buyer);
    expect(started.amount).toBe(0);
    const { orderId } = await callOk('claimFreeEntries', { sessionId: started.sessionId }, buyer);
    expect((await adminDb.doc(userPath(buyer.uid)).get()).get('accountCredit')).toBe(0);

    await callOk('deleteOrder', { orderId }, admin);
    expect((await adminDb.doc(userPath(buyer.uid)).get()).get('accountCredit')).toBe(300);
  });
});

describe('questions', () => {
  it('checks the question with its messages', async () => {
    const raffleId = await createRaffle({}, { question: false });
    expect(await call('saveQuestion', question(raffleId, { text: '' }), admin)).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: 'Question text is required',
    });
    expect(await call('saveQuestion', question(raffleId, { optionC: ' ' }), admin)).toMatchObject({
      message: 'Option C is required',
    });
    expect(
      await call('saveQuestion', question(raffleId, { correctAnswer: 'D' }), admin),
    ).toMatchObject({
      message: 'Choose the correct answer',
    });
  });

  it('keeps the correct answer out of the question, toggles and deletes, each audited', async () => {
    const raffleId = await createRaffle({ active: false }, { question: false });
    const { id } = await callOk('saveQuestion', question(raffleId), admin);
    const stored = (await adminDb.doc(`${questionsPath(raffleId)}/${id}`).get()).data()!;
    expect(Object.keys(stored).sort()).toEqual(
      ['createdAt', 'isActive', 'optionA', 'optionB', 'optionC', 'text', 'updatedAt'].sort(),
    );
    const secret = await adminDb.collection(raffleSecretsCollection).doc(raffleId).get();
    expect(secret.get('correctAnswers')).toEqual({ [id]: 'A' });
    const target = `${questionsPath(raffleId)}/${id}`;
    expect(await auditFor(target, 'question.create')).toHaveLength(1);

    await callOk('saveQuestion', question(raffleId, { questionId: id, correctAnswer: 'C' }), admin);
    expect(
      (await adminDb.collection(raffleSecretsCollection).doc(raffleId).get()).get('correctAnswers'),
    ).toEqual({
      [id]: 'C',
    });
    await callOk('setQuestionActive', { raffleId, questionId: id, isActive: false }, admin);
    expect((await adminDb.doc(target).get()).get('isActive')).toBe(false);
    expect(await auditFor(target, 'question.deactivate')).toHaveLength(1);

    await callOk('deleteQuestion', { raffleId, questionId: id }, admin);
    expect((await adminDb.doc(target).get()).exists).toBe(false);
    expect(
      (await adminDb.collection(raffleSecretsCollection).doc(raffleId).get()).get('correctAnswers'),
    ).toEqual({});
    expect(await auditFor(target, 'question.delete')).toHaveLength(1);
  });

  it('refuses an edit made over a change saved since its form was opened, and keeps that change', async () => {
    const raffleId = await createRaffle({ active: false }, { question: false });
    const other = await newAdmin('Otto', 'Other');
    const { id } = await callOk('saveQuestion', question(raffleId), admin);
    const path = `${questionsPath(raffleId)}/${id}`;
    const answerOf = async () =>
      (await adminDb.collection(raffleSecretsCollection).doc(raffleId).get()).get(
        `correctAnswers.${id}`,
      ) as unknown;
    // Two forms opened on the same version; the other administrator saves first.
    const opened = question(raffleId, { questionId: id, seenUpdatedAt: await versionOf(path) });
    const theirs = { text: 'Which is a moon?', correctAnswer: 'B' } as const;
    await callOk('saveQuestion', { ...opened, ...theirs }, other);
    const before = (await adminDb.doc(path).get()).data();
    expect(await call('saveQuestion', { ...opened, optionC: 'Venus' }, admin)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: QUESTION_MESSAGES.changedSinceOpened,
    });
    expect((await adminDb.doc(path).get()).data()).toEqual(before);
    expect(before).toMatchObject({ text: 'Which is a moon?', optionC: 'Sun' });
    expect(await answerOf()).toBe('B');

    // The switch is on the form too: a form opened before it was switched would undo that.
    const reopened = { ...opened, ...theirs, seenUpdatedAt: await versionOf(path) };
    await callOk('setQuestionActive', { raffleId, questionId: id, isActive: false }, other);
    expect(await call('saveQuestion', { ...reopened, optionC: 'Venus' }, admin)).toMatchObject({
      message: QUESTION_MESSAGES.changedSinceOpened,
    });
    expect((await adminDb.doc(path).get()).get('isActive')).toBe(false);

    // Opened on the latest version, the edit is saved.
    await callOk(
      'saveQuestion',
      { ...reopened, isActive: false, optionC: 'Venus', seenUpdatedAt: await versionOf(path) },
      admin,
    );
    expect((await adminDb.doc(path).get()).data()).toMatchObject({
      text: 'Which is a moon?',
      optionC: 'Venus',
      isActive: false,
    });
    expect(await answerOf()).toBe('B');
  });

  it('is what checkout checks answers against', async () => {
    const raffleId = await createRaffle({}, { question: false });
    const { id } = await callOk('saveQuestion', question(raffleId), admin);
    const buyer = await newCustomer();
    const { sessionId } = await callOk(
      'startCheckout',
      { items: [{ raffleId, quantity: 1, answer: { questionId: id, option: 'A' } }] },
      buyer,
    );
    const answers = await adminDb.doc(checkoutAnswersPath(sessionId)).get();
    expect(answers.get('answerCorrect')).toEqual({ [raffleId]: true });
  });

  it('is fixed once answered: each answer was judged as it came, so only its status may change', async () => {
    const raffleId = await createRaffle({}, { question: false });
    const { id } = await callOk('saveQuestion', question(raffleId), admin);
    const edit = (overrides: Record<string, unknown>) =>
      call('saveQuestion', question(raffleId, { questionId: id, ...overrides }), admin);
    // Before anyone answers, everything may change.
    expect((await edit({ optionB: 'Venus' })).ok).toBe(true);
    await callOk(
      'startCheckout',
      { items: [{ raffleId, quantity: 1, answer: { questionId: id, option: 'B' } }] },
      await newCustomer(),
    );
    // Before, the answer put right after a mistake left those who had answered B out of the
    // draw (and, refusing wrong answers, shut out for good), while those who answered A went in.
    const fixed = {
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: QUESTION_MESSAGES.fixedOnceAnswered,
    };
    const target = `${questionsPath(raffleId)}/${id}`;
    const before = (await adminDb.doc(target).get()).data();
    for (const change of [
      { correctAnswer: 'B' },
      { text: 'Which is a moon?' },
      { optionB: 'Saturn' },
      { optionC: 'Pluto' },
    ]) {
      expect(await edit({ optionB: 'Venus', ...change })).toMatchObject(fixed);
    }
    expect((await adminDb.doc(target).get()).data()).toEqual(before);
    const secret = await adminDb.collection(raffleSecretsCollection).doc(raffleId).get();
    expect(secret.get('correctAnswers')).toEqual({ [id]: 'A' });
    // What the refusal says to do: a new question, and this one switched off by the form.
    expect((await call('saveQuestion', question(raffleId, { correctAnswer: 'B' }), admin)).ok).toBe(
      true,
    );
    expect((await edit({ optionB: 'Venus', isActive: false })).ok).toBe(true);
    expect((await adminDb.doc(target).get()).get('isActive')).toBe(false);
  });

  it('is fixed once a wrong answer was refused, though nothing was sold', async () => {
    const raffleId = await createRaffle({}, { question: false });
    const { id } = await callOk('saveQuestion', question(raffleId), admin);
    await adminDb.doc(`${answerChecksPath(raffleId)}/someone`).set({
      id: 'someone',
      wrongAt: new Date(),
      checkedAt: new Date(),
    });
    expect(
      await call('saveQuestion', question(raffleId, { questionId: id, correctAnswer: 'C' }), admin),
    ).toMatchObject({ ok: false, message: QUESTION_MESSAGES.fixedOnceAnswered });
  });
});
