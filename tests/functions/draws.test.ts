import {
  DRAW_MESSAGES,
  drawEntryChunkId,
  drawEntryListPath,
  drawSeedsCollection,
  drawsCollection,
  notificationsPath,
  rafflePath,
  seedCommitment,
  shardLayout,
  shardsPath,
  ticketId,
  verifyDraw,
  type DrawRecordData,
  RAFFLE_MESSAGES,
} from '@rafflewin/domain';
import { drawRaffle, runDueDraws } from '../../functions/src/services/draws/draw';
import { adminAuth, adminDb, eventually } from '../support/admin';
import { call, callOk, newAdmin, newCustomer, type Customer } from '../support/customers';
import { buyTickets, createRaffle } from '../support/raffles';

jest.setTimeout(180_000);

const DAY = 86_400_000;
/**
 * Test raffles here end far off (so they never crowd the shop's pages in the browser tests
 * that share the emulators); the draw is asked to run as if at this later moment.
 */
const ENDS = new Date(Date.now() + 350 * DAY);
const AFTER_CLOSE = new Date(Date.now() + 360 * DAY);

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

/**
 * A raffle that ended two hours ago with `count` tickets of `owner`, written directly (as
 * the seed does): the real clock says it has closed.
 */
async function closedRaffleWithTickets(owner: Customer, count: number): Promise<string> {
  const raffleId = await createRaffle({
    startDate: new Date(Date.now() - 3 * DAY),
    endDate: new Date(Date.now() - 2 * 3_600_000),
    maxTickets: 10,
    soldTickets: count,
  });
  await commitmentOf(raffleId);
  const batch = adminDb.batch();
  shardLayout(10, 1).forEach((shard) =>
    batch.set(adminDb.doc(`${shardsPath(raffleId)}/${shard.index}`), {
      ...shard,
      sold: count,
      holds: {},
    }),
  );
  for (let n = 1; n <= count; n += 1) {
    batch.set(adminDb.doc(`tickets/${ticketId(raffleId, n)}`), {
      userId: owner.uid,
      raffleId,
      ticketNumber: n,
      orderId: `order-${raffleId}`,
      purchaseDate: new Date(Date.now() - DAY),
      raffle: {
        name: 'Closed raffle',
        category: 'cash',
        imageUrl: '',
        endDate: new Date(Date.now() - 2 * 3_600_000),
        ticketPrice: 150,
      },
      eligible: true,
      status: 'active',
    });
  }
  await batch.commit();
  return raffleId;
}

async function commitmentOf(raffleId: string): Promise<string> {
  return eventually(
    async () => (await adminDb.doc(rafflePath(raffleId)).get()).get('drawCommitment') as string,
    { what: 'the draw commitment' },
  );
}

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

describe('drawing a raffle', () => {
  let raffleId: string;
  let aliceNumbers: number[];
  let bobWrong: number[];
  let adminNumbers: number[];

  beforeAll(async () => {
    raffleId = await createRaffle({ endDate: ENDS, maxTickets: 50 });
    aliceNumbers = await buyTickets(alice, raffleId, 1);
    bobWrong = await buyTickets(bob, raffleId, 3, 'A');
    adminNumbers = await buyTickets(admin, raffleId, 5);
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
      drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_CLOSE),
      drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_CLOSE),
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
    const later = await drawRaffle(adminDb, adminAuth, raffleId, 'admin', AFTER_CLOSE);
    expect(later).toEqual(first);
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

describe('a draw and a cancellation at the same moment', () => {
  it('end with one or the other, never a cancelled raffle with a published winner', async () => {
    const raced = await closedRaffleWithTickets(alice, 3);
    const [drawn, cancelled] = await Promise.allSettled([
      drawRaffle(adminDb, adminAuth, raced, 'schedule', AFTER_CLOSE),
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
    const closed = await closedRaffleWithTickets(alice, 3);
    const open = await createRaffle({ endDate: ENDS });
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

  it('lets an administrator run a closed raffle’s draw, audited', async () => {
    const raffleId = await closedRaffleWithTickets(bob, 4);
    const result = await callOk('drawRaffleNow', { raffleId }, admin);
    expect(result).toMatchObject({ status: 'drawn', winnerName: 'Bob B.' });
    const audit = await adminDb
      .collection('auditLog')
      .where('target', '==', `draws/${raffleId}`)
      .get();
    expect(audit.docs[0]?.get('actorUid')).toBe(admin.uid);
    // Asked again, it answers the same draw and draws nothing new.
    expect(await callOk('drawRaffleNow', { raffleId }, admin)).toEqual(result);
    expect((await adminDb.collection('winners').where('raffleId', '==', raffleId).get()).size).toBe(
      1,
    );
  });
});
