import {
  DRAW_MESSAGES,
  DRAW_NOTICES,
  drawEntryChunkId,
  drawEntryListPath,
  drawSeedsCollection,
  drawsCollection,
  notificationSchema,
  notificationsPath,
  RAFFLE_LIMITS,
  rafflePath,
  seedCommitment,
  verifyDraw,
  type DrawRecordData,
  RAFFLE_MESSAGES,
  STAFF_CLAIM,
  ticketId,
  userSettingsPath,
} from '@rafflewin/domain';
import { announceDrawResult, drawNoticeId } from '../../functions/src/services/draws/announce';
import { ensureDrawCommitment } from '../../functions/src/services/draws/commitment';
import {
  drawRaffle,
  markLeftOutOnceDrawn,
  runDueDraws,
} from '../../functions/src/services/draws/draw';
import { FieldValue } from 'firebase-admin/firestore';
import { adminAuth, adminDb, eventually } from '../support/admin';
import { call, callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import {
  buyTickets,
  closedRaffleWithTickets,
  commitmentOf,
  createRaffle,
  AFTER_FAR_END,
  FAR_END,
} from '../support/raffles';

jest.setTimeout(180_000);

let alice: Customer;
let bob: Customer;
let admin: Customer;

beforeAll(async () => {
  [alice, bob, admin] = await Promise.all([
    newCustomer('Alice', 'Archer'),
    newCustomer('Bob', 'Baker'),
    newAdmin('Ada', 'Admin'),
  ]);
});

async function publishedNumbers(raffleId: string, record: DrawRecordData): Promise<number[]> {
  const chunks = await adminDb.getAll(
    ...Array.from({ length: record.entryListChunks }, (_, index) =>
      adminDb
        .collection(drawEntryListPath(raffleId))
        .doc(drawEntryChunkId(record.entriesHash, index)),
    ),
  );
  expect(chunks.every((chunk) => chunk.exists)).toBe(true);
  return chunks.flatMap((d) => d.get('numbers') as number[]);
}

describe('draw commitments', () => {
  it('publishes SHA-256 of a secret seed when a raffle goes live', async () => {
    const raffleId = await createRaffle();
    const commitment = await commitmentOf(raffleId);
    const seed = (await adminDb.collection(drawSeedsCollection).doc(raffleId).get()).get('seed');
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(await seedCommitment(seed)).toBe(commitment);
  });
});

/** A changed seed is refused, by the commitment's check and by the draw; nothing is drawn. */
async function expectNeverDrawnWith(raffleId: string, published: string) {
  await expect(ensureDrawCommitment(adminDb, raffleId)).rejects.toThrow(
    DRAW_MESSAGES.commitmentMismatch,
  );
  await expect(drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END)).rejects.toThrow(
    DRAW_MESSAGES.commitmentMismatch,
  );
  expect((await adminDb.doc(rafflePath(raffleId)).get()).get('drawCommitment')).toBe(published);
  expect((await adminDb.collection(drawsCollection).doc(raffleId).get()).exists).toBe(false);
}

describe('a seed swapped after the commitment was published', () => {
  it('is never drawn with, and the published commitment stays', async () => {
    const raffleId = await createRaffle({ endDate: FAR_END, maxTickets: 20 });
    const published = await commitmentOf(raffleId);
    await buyTickets(alice, raffleId, 1);
    await buyTickets(bob, raffleId, 3);
    // Whoever can write the database puts in a seed of their choosing, with its commitment.
    const seed = 'ab'.repeat(32);
    const swapped = await seedCommitment(seed);
    await adminDb
      .collection(drawSeedsCollection)
      .doc(raffleId)
      .set({ id: raffleId, seed, commitment: swapped, createdAt: new Date() });

    await expectNeverDrawnWith(raffleId, published);
  });
});

describe('a seed rewritten alone, its stored commitment left as it was', () => {
  it('is never drawn with: the commitment is worked out again from the seed', async () => {
    const raffleId = await createRaffle({ endDate: FAR_END, maxTickets: 20 });
    const published = await commitmentOf(raffleId);
    await buyTickets(alice, raffleId, 1);
    await adminDb
      .collection(drawSeedsCollection)
      .doc(raffleId)
      .update({ seed: 'cd'.repeat(32) });

    await expectNeverDrawnWith(raffleId, published);
  });
});

describe('a raffle with the longest name', () => {
  it('tells its winner with a title the notifications page reads', async () => {
    const name = `${'Grand prize '.repeat(10).slice(0, RAFFLE_LIMITS.nameMax - 1)}X`;
    const raffleId = await createRaffle({ name, endDate: FAR_END, maxTickets: 20 });
    const winner = await newCustomer('Long', 'Name');
    await buyTickets(winner, raffleId, 1);
    await drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END);
    const notice = await adminDb
      .doc(`${notificationsPath(winner.uid)}/${drawNoticeId(raffleId)}`)
      .get();
    const parsed = notificationSchema.parse({
      ...notice.data(),
      createdAt: notice.get('createdAt').toDate(),
    });
    expect(parsed.title).toBe(`You won: ${name}`.slice(0, 120));
  });
});

/**
 * Each of `entrants` holds one unread draw-result notice of the raffle, saying `message` (of
 * the raffle's name) and linking to its draw page; `emailed` was also sent it by e-mail.
 */
async function expectToldOfDraw(
  raffleId: string,
  entrants: Customer[],
  message: (raffleName: string) => string,
  emailed: Customer,
): Promise<void> {
  const raffleName = (await adminDb.doc(rafflePath(raffleId)).get()).get('name') as string;
  for (const entrant of entrants) {
    const notice = await adminDb
      .doc(`${notificationsPath(entrant.uid)}/${drawNoticeId(raffleId)}`)
      .get();
    expect(notice.data()).toMatchObject({
      type: 'raffle',
      title: `Draw result: ${raffleName}`,
      message: message(raffleName),
      link: `/draws/${raffleId}`,
      isRead: false,
    });
  }
  const mail = await adminDb.doc(`mail/${drawNoticeId(raffleId)}-${emailed.uid}`).get();
  expect(mail.get('to')).toBe(emailed.email);
  expect(mail.get('subject')).toBe(`The draw for ${raffleName}: the result`);
  expect(mail.get('text')).toContain(`/draws/${raffleId}`);
}

describe('a raffle no entry could win', () => {
  it('tells everyone holding a ticket that nobody won, once, by e-mail to those who chose it', async () => {
    const raffleId = await createRaffle({ endDate: FAR_END, maxTickets: 20 });
    const wrong = await newCustomer('Wren', 'Wrong');
    const staff = await newAdmin('Sid', 'Staff');
    await buyTickets(wrong, raffleId, 2, 'A');
    await buyTickets(staff, raffleId, 1);
    const drawn = await drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END);
    expect(drawn).toMatchObject({ status: 'no-entries', winningTicketNumber: null });

    // The record's trigger may have told them already; either way, each is told once.
    await announceDrawResult(adminDb, raffleId);
    expect(await announceDrawResult(adminDb, raffleId)).toEqual({ notified: 0, emailed: 0 });
    await expectToldOfDraw(
      raffleId,
      [wrong, staff],
      (name) =>
        `The draw for ${name} has taken place: no entry was eligible to win, so there is no ` +
        'winner. Entries with a wrong answer to the skill question cannot win. You can check ' +
        'the draw yourself on its verification page.',
      wrong,
    );
  });
});

describe('drawing a raffle', () => {
  let raffleId: string;
  let aliceNumbers: number[];
  let bobWrong: number[];
  let adminNumbers: number[];

  beforeAll(async () => {
    raffleId = await createRaffle({ endDate: FAR_END, maxTickets: 50 });
    aliceNumbers = await buyTickets(alice, raffleId, 1);
    bobWrong = await buyTickets(bob, raffleId, 3, 'A');
    adminNumbers = await buyTickets(admin, raffleId, 5);
    await adminDb
      .doc(userSettingsPath(admin.uid))
      .set({ emailNotifications: false }, { merge: true });
  });

  it('refuses to draw before the close', async () => {
    await expect(drawRaffle(adminDb, adminAuth, raffleId, 'admin')).rejects.toThrow(
      DRAW_MESSAGES.notClosed,
    );
    expect(await call('drawRaffleNow', { raffleId }, admin)).toMatchObject({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: DRAW_MESSAGES.notClosed,
    });
    expect(await call('drawRaffleNow', { raffleId }, alice)).toMatchObject({
      ok: false,
      status: 'PERMISSION_DENIED',
    });
  });

  it('draws exactly once when two runs overlap, never an admin or a wrong answer', async () => {
    const [first, second] = await Promise.all([
      drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END),
      drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END),
    ]);
    expect(second).toEqual(first);
    // Only Alice's ticket was eligible: Bob answered wrongly, the admin can never win.
    expect(first).toMatchObject({
      status: 'drawn',
      eligibleCount: 1,
      excludedWrongAnswer: bobWrong.length,
      excludedStaff: adminNumbers.length,
      winningTicketNumber: aliceNumbers[0],
      winnerName: 'Alice A.',
    });

    const winners = await adminDb.collection('winners').where('raffleId', '==', raffleId).get();
    expect(winners.size).toBe(1);
    // Now that it is drawn, Bob's tickets say they were left out (not before: see checkout).
    const bobs = await adminDb
      .collection('tickets')
      .where('raffleId', '==', raffleId)
      .where('userId', '==', bob.uid)
      .get();
    expect(bobs.docs.map((ticket) => ticket.get('eligible'))).toEqual(bobWrong.map(() => false));
    const notifications = await adminDb
      .collection(notificationsPath(alice.uid))
      .where('type', '==', 'win')
      .get();
    expect(notifications.size).toBe(1);
    const mail = await adminDb.doc(`mail/win-${raffleId}`).get();
    expect(mail.get('to')).toBe(alice.email);
    expect((await adminDb.doc(rafflePath(raffleId)).get()).get('drawStatus')).toBe('drawn');

    // A third run, even much later, changes nothing.
    const later = await drawRaffle(adminDb, adminAuth, raffleId, 'admin', AFTER_FAR_END);
    expect(later).toEqual(first);

    // A run that stopped right after its record left the tickets unmarked: the record's trigger
    // marks them, once.
    await Promise.all(
      bobs.docs.map((ticket) => ticket.ref.update({ eligible: FieldValue.delete() })),
    );
    expect(await markLeftOutOnceDrawn(adminDb, raffleId)).toBe(bobWrong.length);
    expect(await markLeftOutOnceDrawn(adminDb, raffleId)).toBe(0);
    const marked = await Promise.all(bobs.docs.map((ticket) => ticket.ref.get()));
    expect(marked.map((ticket) => ticket.get('eligible'))).toEqual(bobWrong.map(() => false));
  });

  it('tells every other entrant the result once, with the verification page, by e-mail only when they chose e-mail', async () => {
    // The draw (the test above) announced it, through the trigger on its record. The
    // administrator has e-mail notifications off; Bob left them on (the default).
    await drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END);
    const told = [
      `${notificationsPath(admin.uid)}/${drawNoticeId(raffleId)}`,
      `${notificationsPath(bob.uid)}/${drawNoticeId(raffleId)}`,
      `mail/${drawNoticeId(raffleId)}-${bob.uid}`,
    ];
    await eventually(
      async () =>
        (await adminDb.getAll(...told.map((path) => adminDb.doc(path)))).every((d) => d.exists),
      { what: 'the draw result told to the entrants' },
    );

    const winning = aliceNumbers[0]!;
    await expectToldOfDraw(
      raffleId,
      [bob, admin],
      (name) =>
        `The draw for ${name} has taken place: ticket #${winning} (Alice A.) won. ` +
        'Your tickets were not drawn this time. Thank you for taking part; you can check ' +
        'the draw yourself on its verification page.',
      bob,
    );
    expect((await adminDb.doc(`mail/${drawNoticeId(raffleId)}-${admin.uid}`).get()).exists).toBe(
      false,
    );
    // The winner heard from the draw itself, once, with the same link (beside the
    // confirmation of the order that bought the ticket).
    const aliceNotices = (await adminDb.collection(notificationsPath(alice.uid)).get()).docs.filter(
      (d) => d.get('kind') !== 'order',
    );
    expect(aliceNotices.map((d) => [d.id, d.get('type'), d.get('link')])).toEqual([
      [drawNoticeId(raffleId), 'win', `/draws/${raffleId}`],
    ]);

    // A redelivered event tells nobody twice, and what Bob has read stays read.
    await adminDb
      .doc(`${notificationsPath(bob.uid)}/${drawNoticeId(raffleId)}`)
      .update({ isRead: true });
    expect(await announceDrawResult(adminDb, raffleId)).toEqual({ notified: 0, emailed: 0 });
    const bobs = await adminDb.collection(notificationsPath(bob.uid)).get();
    const bobsDrawNotices = bobs.docs.filter((d) => d.get('kind') !== 'order');
    expect(bobsDrawNotices.map((d) => d.get('isRead'))).toEqual([true]);
  });

  it('freezes the tickets: no administrator can change them afterwards', async () => {
    const winning = `${raffleId}_${aliceNumbers[0]}`;
    expect(await call('deleteTicket', { ticketId: winning }, admin)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: DRAW_MESSAGES.alreadyDrawn,
    });
    expect(
      await call(
        'updateTicket',
        { ticketId: winning, ticketNumber: 40, purchaseDate: new Date().toISOString() },
        admin,
      ),
    ).toMatchObject({ ok: false, message: DRAW_MESSAGES.alreadyDrawn });
  });

  it('cannot be cancelled once drawn: the published draw stands', async () => {
    const before = (await adminDb.doc(`draws/${raffleId}`).get()).data();
    expect(await call('cancelRaffle', { raffleId }, admin)).toEqual({
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: RAFFLE_MESSAGES.drawnNoCancel,
    });
    expect((await adminDb.doc(rafflePath(raffleId)).get()).get('drawStatus')).toBe('drawn');
    expect((await adminDb.doc(`draws/${raffleId}`).get()).data()).toEqual(before);
  });

  it('publishes what anyone needs to verify it, and the verification agrees', async () => {
    const record = (await adminDb.collection(drawsCollection).doc(raffleId).get()).data();
    const published = record as unknown as DrawRecordData;
    const numbers = await publishedNumbers(raffleId, published);
    expect(numbers).toEqual(aliceNumbers);
    expect(published.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(published.commitment).toBe(await commitmentOf(raffleId));
    const check = await verifyDraw({ ...published, raffleId }, numbers);
    expect(check).toMatchObject({
      seedMatchesCommitment: true,
      entriesMatchHash: true,
      winnerMatches: true,
    });
    // A ticket slipped into the list afterwards would be caught.
    expect((await verifyDraw({ ...published, raffleId }, [...numbers, 49])).winnerMatches).toBe(
      false,
    );
  });
});

describe('tickets issued to staff', () => {
  it('stay out of the draw after their buyer is no longer staff', async () => {
    const raffleId = await createRaffle({ endDate: FAR_END, maxTickets: 20 });
    const insider = await newCustomer('Ian', 'Insider');
    await adminAuth.setCustomUserClaims(insider.uid, { [STAFF_CLAIM]: true });
    const insiderNumbers = await buyTickets(insider, raffleId, 4);
    // Demoted before the close: the claim is gone by the draw.
    await adminAuth.setCustomUserClaims(insider.uid, {});
    const aliceNumbers = await buyTickets(alice, raffleId, 1);
    const tickets = await adminDb
      .collection('tickets')
      .where('raffleId', '==', raffleId)
      .orderBy('ticketNumber')
      .get();
    expect(tickets.docs.map((t) => [t.get('ticketNumber'), t.get('issuedToStaff')])).toEqual(
      [...insiderNumbers.map((n) => [n, true]), ...aliceNumbers.map((n) => [n, false])].sort(
        (a, b) => Number(a[0]) - Number(b[0]),
      ),
    );

    const drawn = await drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END);
    expect(drawn).toMatchObject({
      status: 'drawn',
      eligibleCount: 1,
      excludedStaff: insiderNumbers.length,
      winningTicketNumber: aliceNumbers[0],
    });
    const record = (await adminDb.doc(`draws/${raffleId}`).get()).data() as DrawRecordData;
    expect(await publishedNumbers(raffleId, record)).toEqual(aliceNumbers);
  });

  it('are the only ones left out: a customer made an administrator for the close keeps their paid tickets', async () => {
    const raffleId = await createRaffle({ endDate: FAR_END, maxTickets: 20 });
    const customer = await newCustomer('Cora', 'Customer');
    const numbers = await buyTickets(customer, raffleId, 2);
    // The right granted just before the draw and removed after it. Before, the draw read the
    // claim at the close and left the customer's tickets out, silently: nobody won.
    await callOk('setUserAdmin', { uid: customer.uid, admin: true }, admin);
    const drawn = await drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END);
    await callOk('setUserAdmin', { uid: customer.uid, admin: false }, admin);

    expect(drawn).toMatchObject({
      status: 'drawn',
      eligibleCount: 2,
      excludedStaff: 0,
      winnerName: 'Cora C.',
    });
    expect(numbers).toContain(drawn.winningTicketNumber);
    const record = (await adminDb.doc(`draws/${raffleId}`).get()).data() as DrawRecordData;
    const published = await publishedNumbers(raffleId, record);
    expect(published).toEqual(numbers);
    expect((await verifyDraw({ ...record, raffleId }, published)).winnerMatches).toBe(true);
  });

  it('from before tickets recorded it are judged by their holder’s claims at the close, as then', async () => {
    const raffleId = await createRaffle({ endDate: FAR_END, maxTickets: 20 });
    const [former, current, customer] = await Promise.all([
      newCustomer('Fay', 'Former'),
      newCustomer('Cal', 'Current'),
      newCustomer('Una', 'Unchanged'),
    ]);
    const formerNumbers = await buyTickets(former, raffleId, 1);
    const currentNumbers = await buyTickets(current, raffleId, 1);
    const customerNumbers = await buyTickets(customer, raffleId, 1);
    // As those tickets were written: only a staff buyer's marked (boughtAsStaff), none else.
    const legacy = (numbers: number[], marked: boolean) =>
      Promise.all(
        numbers.map((n) =>
          adminDb.doc(`tickets/${ticketId(raffleId, n)}`).update({
            issuedToStaff: FieldValue.delete(),
            ...(marked ? { boughtAsStaff: true } : {}),
          }),
        ),
      );
    await legacy(formerNumbers, true);
    await legacy(currentNumbers, false);
    await legacy(customerNumbers, false);
    await adminAuth.setCustomUserClaims(current.uid, { [STAFF_CLAIM]: true });

    const drawn = await drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END);
    expect(drawn).toMatchObject({
      status: 'drawn',
      eligibleCount: 1,
      excludedStaff: 2,
      winningTicketNumber: customerNumbers[0],
    });
  });
});

describe('a winner whose first name holds a link and markup', () => {
  it('is named to every entrant as the draw page names them, "First L." without either', async () => {
    const raffleId = await createRaffle({ endDate: FAR_END, maxTickets: 20 });
    const winner = await newCustomer('Wyn', 'Winner');
    // The profile form takes any visible text as a name.
    await callOk(
      'updatePersonalDetails',
      {
        firstName: 'Wyn <a href="https://prizes.example">www.prizes.example</a>',
        lastName: '<b>Smith</b>',
      },
      winner,
    );
    const [winning] = await buyTickets(winner, raffleId, 1);
    // A wrong answer: Eve cannot win, and is told who did.
    const entrant = await newCustomer('Eve', 'Entrant');
    await buyTickets(entrant, raffleId, 1, 'A');

    const drawn = await drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END);
    expect(drawn).toMatchObject({ winningTicketNumber: winning, winnerName: 'Wyn S.' });
    await announceDrawResult(adminDb, raffleId);
    const raffleName = (await adminDb.doc(rafflePath(raffleId)).get()).get('name') as string;
    const told = DRAW_NOTICES.entrant(raffleName, winning!, 'Wyn S.').message;
    const notice = await adminDb
      .doc(`${notificationsPath(entrant.uid)}/${drawNoticeId(raffleId)}`)
      .get();
    expect(notice.get('message')).toBe(told);
    const mail = await adminDb.doc(`mail/${drawNoticeId(raffleId)}-${entrant.uid}`).get();
    expect(mail.get('text')).toContain(told);
    expect(mail.get('text')).not.toMatch(/prizes\.example|[<>]/);
    expect(mail.get('html')).toBeNull();
    // The draw page and /winners read the same name.
    expect((await adminDb.doc(`winners/${raffleId}`).get()).get('winnerName')).toBe('Wyn S.');
  });
});

describe('a draw and a cancellation at the same moment', () => {
  it('end with one or the other, never a cancelled raffle with a published winner', async () => {
    const raced = await closedRaffleWithTickets(Array(3).fill(alice));
    const [drawn, cancelled] = await Promise.allSettled([
      drawRaffle(adminDb, adminAuth, raced, 'schedule', AFTER_FAR_END),
      callOk('cancelRaffle', { raffleId: raced }, admin),
    ]);
    const raffle = (await adminDb.doc(rafflePath(raced)).get()).data();
    const record = await adminDb.doc(`draws/${raced}`).get();
    if (raffle?.drawStatus === 'cancelled') {
      expect(cancelled.status).toBe('fulfilled');
      expect(drawn.status).toBe('rejected');
      expect(record.exists).toBe(false);
    } else {
      expect(raffle?.drawStatus).toBe('drawn');
      expect(drawn.status).toBe('fulfilled');
      expect(record.exists).toBe(true);
    }
  });
});

describe('automatic draws', () => {
  it('draws a close-on-sell-out raffle when its last ticket sells', async () => {
    const raffleId = await createRaffle({ maxTickets: 3, closeOnSellOut: true });
    await buyTickets(alice, raffleId, 2);
    await buyTickets(bob, raffleId, 1);
    const record = await eventually(
      async () => (await adminDb.collection(drawsCollection).doc(raffleId).get()).data(),
      { what: 'the sell-out draw', timeoutMs: 30_000 },
    );
    expect(record).toMatchObject({ trigger: 'sell-out', status: 'drawn', eligibleCount: 3 });
  });

  it('the scheduled run draws every closed raffle once and skips open ones', async () => {
    // Runs at the real time: other suites' raffles must not be drawn early.
    const closed = await closedRaffleWithTickets(Array(3).fill(alice));
    const open = await createRaffle({ endDate: FAR_END });
    await buyTickets(alice, open, 1);
    const [run1, run2] = await Promise.all([
      runDueDraws(adminDb, adminAuth),
      runDueDraws(adminDb, adminAuth),
    ]);
    expect([...run1.drawn, ...run2.drawn]).toContain(closed);
    expect([...run1.drawn, ...run2.drawn]).not.toContain(open);
    expect((await adminDb.collection('winners').where('raffleId', '==', closed).get()).size).toBe(
      1,
    );
    expect((await adminDb.doc(rafflePath(open)).get()).get('drawStatus')).toBe('pending');
  });

  it('still draws a closed raffle behind a hundred ended drafts that can never be drawn', async () => {
    // Drafts that never went live (a paid raffle is created off until it has a question) have
    // no seed, so they stay pending past their end date; they ended before the live raffle.
    const longAgo = Date.now() - 30 * 24 * 3_600_000;
    const drafts = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        createRaffle(
          {
            active: false,
            startDate: new Date(longAgo - 3_600_000),
            endDate: new Date(longAgo + i * 1000),
          },
          { question: false },
        ),
      ),
    );
    const closed = await closedRaffleWithTickets([alice, bob]);
    const run = await runDueDraws(adminDb, adminAuth);
    expect(run.drawn).toContain(closed);
    expect(run.waiting).toEqual(expect.arrayContaining(drafts));
    expect((await adminDb.doc(rafflePath(closed)).get()).get('drawStatus')).toBe('drawn');
  });

  /** The audit log's entries for a raffle's draw. */
  const drawAudits = async (raffleId: string) =>
    (await adminDb.collection('auditLog').where('target', '==', `draws/${raffleId}`).get()).docs;

  it('lets an administrator run a closed raffle’s draw, audited', async () => {
    const raffleId = await closedRaffleWithTickets(Array(4).fill(bob));
    const result = await callOk('drawRaffleNow', { raffleId }, admin);
    expect(result).toMatchObject({ status: 'drawn', winnerName: 'Bob B.' });
    expect((await drawAudits(raffleId)).map((entry) => entry.get('actorUid'))).toEqual([admin.uid]);
    // Asked again, it answers the same draw, draws nothing new and audits nothing more.
    expect(await callOk('drawRaffleNow', { raffleId }, admin)).toEqual(result);
    expect((await adminDb.collection('winners').where('raffleId', '==', raffleId).get()).size).toBe(
      1,
    );
    expect(await drawAudits(raffleId)).toHaveLength(1);
  });

  it('two administrators pressing Draw now at once: one draw, audited once, as the one who drew', async () => {
    const raffleId = await closedRaffleWithTickets(Array(3).fill(bob));
    const other = await newAdmin('Otto', 'Other');
    const [first, second] = await Promise.all([
      callOk('drawRaffleNow', { raffleId }, admin),
      callOk('drawRaffleNow', { raffleId }, other),
    ]);
    expect(second).toEqual(first);
    const audits = await drawAudits(raffleId);
    expect(audits).toHaveLength(1);
    expect([admin.uid, other.uid]).toContain(audits[0]!.get('actorUid'));
  });

  it('audits no administrator for a draw the schedule made', async () => {
    const raffleId = await closedRaffleWithTickets(Array(2).fill(bob));
    expect((await runDueDraws(adminDb, adminAuth)).drawn).toContain(raffleId);
    const result = await callOk('drawRaffleNow', { raffleId }, admin);
    expect(result).toMatchObject({ status: 'drawn', winnerName: 'Bob B.' });
    expect(await drawAudits(raffleId)).toEqual([]);
  });
});
