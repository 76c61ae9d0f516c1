/**
 * Races between the draw and an administrator's changes to the raffle's tickets. A refund
 * (refundOrder) and the draw of the same raffle at the same moment: the refund is refused once
 * the raffle is drawn, and the draw, in its transaction, waits for its next run when the
 * winning ticket is void or under a pending refund: no published winner is a ticket the refund
 * then voids. Tickets moved to other numbers while the draw reads the entries make it wait too.
 */
import {
  DRAW_MESSAGES,
  computeDraw,
  drawEntryChunkId,
  drawEntryListPath,
  drawSeedsCollection,
  ticketId,
  type DrawRecordData,
} from '@rafflewin/domain';
import { FieldValue } from 'firebase-admin/firestore';
import { startIn, sweep } from '../support/races';
import { adminAuth, adminDb } from '../support/admin';
import {
  asServiceCaller,
  call,
  callOk,
  newAdmin,
  newCustomer,
  type Customer,
} from '../support/customers';
import { AFTER_FAR_END, FAR_END, buyTickets, createRaffle } from '../support/raffles';
import { ensureDrawCommitment } from '../../functions/src/services/draws/commitment';
import { drawRaffle } from '../../functions/src/services/draws/draw';
import * as instantWins from '../../functions/src/services/instantWins/instantWins';
import * as payments from '../../functions/src/services/payments/refundPayment';
import { changeTicket } from '../../functions/src/services/tickets/changeTickets';
import * as firestoreLib from '../../functions/src/lib/firestore';

// The draw reads the instant prizes' reveal between reading the entries and its transaction:
// a test runs its changes there.
jest.mock('../../functions/src/services/instantWins/instantWins', () => {
  const actual = jest.requireActual<typeof instantWins>(
    '../../functions/src/services/instantWins/instantWins',
  );
  return {
    ...actual,
    readInstantWinReveal: jest.fn(actual.readInstantWinReveal),
    voidInstantWins: jest.fn(actual.voidInstantWins),
  };
});
const readReveal = instantWins.readInstantWinReveal as jest.MockedFunction<
  typeof instantWins.readInstantWinReveal
>;
/** Runs `change` in the next draw run, once it has read the entries, before its transaction. */
function whileTheDrawReads(change: () => Promise<unknown>): void {
  const real = readReveal.getMockImplementation()!;
  readReveal.mockImplementationOnce(async (...args) => {
    await change();
    return real(...args);
  });
}
const voidInstantWins = instantWins.voidInstantWins as jest.MockedFunction<
  typeof instantWins.voidInstantWins
>;
// Stripe's refund is where a refund is under way: claimed, its tickets not yet void.
jest.mock('../../functions/src/services/payments/refundPayment', () => {
  const actual = jest.requireActual<typeof payments>(
    '../../functions/src/services/payments/refundPayment',
  );
  return { ...actual, refundPayment: jest.fn(actual.refundPayment) };
});
const refundPayment = payments.refundPayment as jest.MockedFunction<typeof payments.refundPayment>;

// The draw records through retryTransient: a test makes a run fail to record there.
jest.mock('../../functions/src/lib/firestore', () => {
  const actual = jest.requireActual<typeof firestoreLib>('../../functions/src/lib/firestore');
  return { ...actual, retryTransient: jest.fn(actual.retryTransient) };
});
const retryTransient = firestoreLib.retryTransient as jest.MockedFunction<
  typeof firestoreLib.retryTransient
>;

jest.setTimeout(600_000);

let admin: Customer;
let buyer: Customer;

beforeAll(async () => {
  [admin, buyer] = await Promise.all([newAdmin(), newCustomer('Dora', 'Drawn')]);
});

// A change a test left for a run that never came (its draw failed first) must not run in the
// next test's draw: after each test, each mock is back to the real function its factory gave it.
function realAfterEach<F extends (...args: never[]) => unknown>(mock: jest.MockedFunction<F>) {
  const real = mock.getMockImplementation();
  afterEach(() => {
    mock.mockReset().mockImplementation(real);
  });
}
realAfterEach(readReveal);
realAfterEach(voidInstantWins);
realAfterEach(refundPayment);
realAfterEach(retryTransient);

describe('a refund and a draw of the same raffle at the same moment', () => {
  it('never publishes a winning ticket that the refund then voids', async () => {
    const broken = await sweep(
      [-80, -60, -45, -30, -20, -10, -5, 0, 5, 10, 20, 30, 45, 60],
      async (delay, brokenIn) => {
        const raffleId = await createRaffle({ ticketPrice: 150, endDate: FAR_END, maxTickets: 10 });
        const numbers = await buyTickets(buyer, raffleId, 1);
        const ticket = await adminDb.doc(`tickets/${ticketId(raffleId, numbers[0]!)}`).get();
        const orderId = String(ticket.get('orderId'));

        const [refunded, drawn] = await Promise.allSettled([
          startIn(Math.max(0, -delay)).then(() => call('refundOrder', { orderId }, admin)),
          startIn(Math.max(0, delay)).then(() =>
            drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END),
          ),
        ]);
        const record = (await adminDb.doc(`draws/${raffleId}`).get()).data();
        const order = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
        if (record?.status === 'drawn') {
          const won = await adminDb
            .doc(`tickets/${ticketId(raffleId, record.winningTicketNumber as number)}`)
            .get();
          if (won.get('status') !== 'active' || order.paymentStatus !== 'paid') {
            brokenIn(
              `delay ${delay}: winner #${record.winningTicketNumber} is ${won.get('status')}, ` +
                `order ${order.paymentStatus}, refund ${JSON.stringify(
                  refunded.status === 'fulfilled' ? refunded.value : refunded.reason,
                )}, draw ${drawn.status}`,
            );
          }
        }
      },
    );
    expect(broken).toEqual([]);
  });
});

/** A raffle (ending far off) with the buyer's tickets on these numbers, given by Add Tickets. */
async function raffleWithTickets(numbers: number[]): Promise<string> {
  const raffleId = await createRaffle({ ticketPrice: 150, endDate: FAR_END, maxTickets: 10 });
  for (const minNumber of numbers) {
    await callOk(
      'addTicketsForUser',
      { userId: buyer.uid, raffleId, quantity: 1, minNumber },
      admin,
    );
  }
  return raffleId;
}

describe('tickets moved while the draw reads the entries', () => {
  it('waits for the next run when two moves leave the count and the sum as they were', async () => {
    const raffleId = await raffleWithTickets([2, 5, 8]);
    // The two tickets the entries read would not draw move, one down and one up: three tickets
    // still, their numbers adding to 15. (The winning one moved would be seen as changed.)
    const seed = (await adminDb.doc(`${drawSeedsCollection}/${raffleId}`).get()).get('seed');
    const { winningTicketNumber } = await computeDraw(raffleId, seed as string, [2, 5, 8]);
    const [down, up] = [2, 5, 8].filter((n) => n !== winningTicketNumber) as [number, number];
    const move = (from: number, to: number) =>
      changeTicket(adminDb, asServiceCaller(admin), {
        ticketId: ticketId(raffleId, from),
        ticketNumber: to,
        purchaseDate: new Date(),
      });
    whileTheDrawReads(async () => {
      await move(down, down - 1);
      await move(up, up + 1);
    });
    await expect(
      drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END),
    ).rejects.toThrow(DRAW_MESSAGES.notReady);
    expect((await adminDb.doc(`draws/${raffleId}`).get()).exists).toBe(false);

    // The next run reads the entries as they are.
    const record = await drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END);
    const list = await adminDb
      .collection(drawEntryListPath(raffleId))
      .doc(drawEntryChunkId(record.entriesHash, 0))
      .get();
    const now = [winningTicketNumber!, down - 1, up + 1].sort((a, b) => a - b);
    expect(list.get('numbers')).toEqual(now);
  });
});

describe('a raffle reopened while the draw reads its entries', () => {
  it('is not closed by that run', async () => {
    // No tickets sold, so its end date may still move: an administrator moves it a week on
    // while the draw runs. Before, the run recorded "no entries" and closed the reopened raffle.
    const raffleId = await createRaffle({ endDate: FAR_END });
    // With no ticket sold, only the raffle's trigger commits to its draw: under load it can
    // come after the draw below, which then fails for want of a seed, not for the reopening.
    await ensureDrawCommitment(adminDb, raffleId);
    const reopened = new Date(AFTER_FAR_END.getTime() + 7 * 24 * 60 * 60 * 1000);
    whileTheDrawReads(async () => {
      await adminDb.doc(`raffles/${raffleId}`).update({ endDate: reopened });
    });
    await expect(
      drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END),
    ).rejects.toThrow(DRAW_MESSAGES.notReady);
    expect((await adminDb.doc(`draws/${raffleId}`).get()).exists).toBe(false);
    expect((await adminDb.doc(`raffles/${raffleId}`).get()).get('drawStatus')).toBe('pending');
    // The next run finds it open.
    await expect(
      drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END),
    ).rejects.toThrow(DRAW_MESSAGES.notClosed);
  });
});

describe('the only holder made an administrator while the draw reads the entries', () => {
  it('is drawn: their ticket was issued to a customer, and that alone decides', async () => {
    const raffleId = await createRaffle({ ticketPrice: 150, endDate: FAR_END, maxTickets: 10 });
    const holder = await newCustomer('Paul', 'Promoted');
    const [number] = await buyTickets(holder, raffleId, 1);
    whileTheDrawReads(() => adminAuth.setCustomUserClaims(holder.uid, { admin: true }));
    const record = await drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END);
    expect(record).toMatchObject({
      status: 'drawn',
      excludedStaff: 0,
      winningTicketNumber: number,
    });
  });

  it('with a ticket from before tickets recorded it, is not published as the winner: the next run leaves it out', async () => {
    const raffleId = await createRaffle({ ticketPrice: 150, endDate: FAR_END, maxTickets: 10 });
    const holder = await newCustomer('Petra', 'Promoted');
    const [number] = await buyTickets(holder, raffleId, 1);
    // Such a ticket is judged by its holder's claims at the close.
    await adminDb
      .doc(`tickets/${ticketId(raffleId, number!)}`)
      .update({ issuedToStaff: FieldValue.delete() });
    // Before, the run had read their claims with the entries and drew them, staff by then.
    whileTheDrawReads(() => adminAuth.setCustomUserClaims(holder.uid, { admin: true }));
    await expect(
      drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END),
    ).rejects.toThrow(DRAW_MESSAGES.notReady);
    expect((await adminDb.doc(`winners/${raffleId}`).get()).exists).toBe(false);

    const record = await drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END);
    expect(record).toMatchObject({ status: 'no-entries', excludedStaff: 1, eligibleCount: 0 });
  });
});

describe('two runs of a draw reading different entries', () => {
  it('leaves only the winning run’s entry list published', async () => {
    const raffleId = await raffleWithTickets([2, 5, 8]);
    // This run has read the entries when a ticket moves and another run draws the raffle: this
    // one then writes its list (another hash) and finds the other's record.
    let other: DrawRecordData | null = null;
    whileTheDrawReads(async () => {
      await changeTicket(adminDb, asServiceCaller(admin), {
        ticketId: ticketId(raffleId, 2),
        ticketNumber: 1,
        purchaseDate: new Date(),
      });
      other = await drawRaffle(adminDb, adminAuth, raffleId, 'admin', AFTER_FAR_END);
    });
    const lost = await drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END);
    expect(lost).toEqual(other);
    const lists = await adminDb.collection(drawEntryListPath(raffleId)).get();
    expect(lists.docs.map((chunk) => chunk.id)).toEqual([drawEntryChunkId(lost.entriesHash, 0)]);
    expect(lists.docs[0]!.get('numbers')).toEqual([1, 5, 8]);
  });
});

describe('two runs of a draw reading the same entries, one failing to record', () => {
  it('leaves the list the other run records', async () => {
    const raffleId = await raffleWithTickets([2, 5, 8]);
    const actual = jest.requireActual<typeof firestoreLib>('../../functions/src/lib/firestore');
    let failed: Promise<unknown> = Promise.resolve();
    retryTransient
      // This run has written its list when another run with the same entries (the same chunks)
      // fails to record, contended past its retries, before this one records. Before, the
      // failing run deleted those chunks, and this one then published a draw without its list.
      .mockImplementationOnce(async (work) => {
        failed = drawRaffle(adminDb, adminAuth, raffleId, 'admin', AFTER_FAR_END);
        await failed.catch(() => null);
        return actual.retryTransient(work);
      })
      .mockImplementationOnce(() => Promise.reject(new Error('Contended past its retries')));
    const record = await drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END);
    await expect(failed).rejects.toThrow('Contended past its retries');
    const lists = await adminDb.collection(drawEntryListPath(raffleId)).get();
    expect(lists.docs.map((chunk) => chunk.id)).toEqual([drawEntryChunkId(record.entriesHash, 0)]);
    expect(lists.docs[0]!.get('numbers')).toEqual([2, 5, 8]);
  });
});

describe('a refund of tickets that will not win, under way when the draw runs', () => {
  it('holds the draw until the refund is done, then leaves the refunded ticket out', async () => {
    const raffleId = await createRaffle({ ticketPrice: 150, endDate: FAR_END, maxTickets: 10 });
    const [first] = await buyTickets(buyer, raffleId, 1);
    const [second] = await buyTickets(buyer, raffleId, 1);
    // The ticket the draw would not pick is refunded (a refund of the winner was seen before).
    const seed = (await adminDb.doc(`${drawSeedsCollection}/${raffleId}`).get()).get('seed');
    const numbers = [first!, second!].sort((a, b) => a - b);
    const { winningTicketNumber } = await computeDraw(raffleId, seed as string, numbers);
    const refunded = numbers.find((n) => n !== winningTicketNumber)!;
    const ticket = await adminDb.doc(`tickets/${ticketId(raffleId, refunded)}`).get();

    let drawnMeanwhile: Promise<unknown> = Promise.resolve();
    refundPayment.mockImplementationOnce(async (...args) => {
      drawnMeanwhile = drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END);
      await drawnMeanwhile.catch(() => null);
      return jest
        .requireActual<typeof payments>('../../functions/src/services/payments/refundPayment')
        .refundPayment(...args);
    });
    await callOk('refundOrder', { orderId: String(ticket.get('orderId')) }, admin);
    await expect(drawnMeanwhile).rejects.toThrow(DRAW_MESSAGES.notReady);

    const record = await drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END);
    const list = await adminDb
      .collection(drawEntryListPath(raffleId))
      .doc(drawEntryChunkId(record.entriesHash, 0))
      .get();
    expect(list.get('numbers')).toEqual([winningTicketNumber]);
    const order = await adminDb.doc(`orders/${String(ticket.get('orderId'))}`).get();
    expect(order.get(`refunding.${raffleId}`)).toBe(0);
  });
});

describe('a full refund that stopped after Stripe’s refund', () => {
  it('is finished by asking again, and then lets the draw run', async () => {
    const raffleId = await createRaffle({ ticketPrice: 150, endDate: FAR_END, maxTickets: 10 });
    const [number] = await buyTickets(buyer, raffleId, 2);
    const ticket = await adminDb.doc(`tickets/${ticketId(raffleId, number!)}`).get();
    const orderId = String(ticket.get('orderId'));
    // The tickets are void, then the refund stops (a timeout, say) before its record.
    voidInstantWins.mockRejectedValueOnce(new Error('Deadline exceeded'));
    expect(await call('refundOrder', { orderId }, admin)).toMatchObject({ ok: false });
    const stopped = await adminDb.doc(`orders/${orderId}`).get();
    expect(stopped.get(`refunding.${raffleId}`)).toBe(1);
    await expect(
      drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END),
    ).rejects.toThrow(DRAW_MESSAGES.notReady);

    // Asked again as before (no tickets named: none is left to name), it finishes.
    const done = await callOk('refundOrder', { orderId }, admin);
    expect(done).toMatchObject({ amount: 300 });
    const order = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
    expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(order.refunding).toEqual({ [raffleId]: 0 });
    const record = await drawRaffle(adminDb, adminAuth, raffleId, 'schedule', AFTER_FAR_END);
    expect(record.status).toBe('no-entries');
  });
});
