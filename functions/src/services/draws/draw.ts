import {
  DELETED_USER_ID,
  DELETED_USER_NAME,
  ineligiblePath,
  ticketSchema,
  ShopError,
  holdsStaffClaim,
  DRAW_ALGORITHM,
  DRAW_ENTRY_CHUNK_SIZE,
  DRAW_MESSAGES,
  DRAW_NOTICES,
  drawPagePath,
  staffAtIssue,
  computeDraw,
  drawEntryChunkId,
  drawEntryListPath,
  drawRecordSchema,
  drawsCollection,
  holderDisplayName,
  mailCollection,
  parseDocument,
  raffleSchema,
  rafflePath,
  shardsPath,
  ticketId,
  timestampsToDates,
  ticketsCollection,
  winnersCollection,
  type DrawRecordData,
  type DrawTrigger,
  type Raffle,
  type WinnerData,
  pendingTicketRefunds,
} from '@rafflewin/domain';
import type { Auth } from 'firebase-admin/auth';
import { readInstantWinReveal } from '../instantWins/instantWins';
import {
  AggregateField,
  FieldPath,
  type Firestore,
  type Query,
  type QueryDocumentSnapshot,
  type Timestamp,
  type Transaction,
} from 'firebase-admin/firestore';
import { ordersRef, profileRef, raffleRef, ticketsRef } from '../../lib/collections';
import { converterFor, isTransient, retryTransient } from '../../lib/firestore';
import { RESERVATION_HOLD_MS } from '../checkout/reserve';
import { queuedMail } from '../mail/templates';
import { addNotification } from '../notifications/notify';
import { fulfilmentsUnderWay } from '../checkout/sessions';
import { readShard } from '../pool/shards';
import { drawNoticeId, drawNoticeMail } from './announce';
import { readDrawSeed } from './commitment';
import { activeTicketPages, activeTicketsQuery } from './entries';

/** The ticket fields the draw reads (a projection of `tickets`). */
const drawnTicket = converterFor(
  ticketSchema.pick({
    ticketNumber: true,
    userId: true,
    eligible: true,
    issuedToStaff: true,
    boughtAsStaff: true,
  }),
);

/**
 * When a raffle closes: at its end date, once every checkout started before then has had time
 * to be paid or to expire (Stripe keeps a session open up to the reservation's hold), or at
 * sell-out for raffles that close on sell-out.
 */
export function closesAt(raffle: Pick<Raffle, 'endDate'>): Date {
  return new Date(raffle.endDate.getTime() + RESERVATION_HOLD_MS);
}

interface PoolState {
  sold: number;
  held: number;
  /** The shards as read, for a transaction that reads them to write them. */
  shards: QueryDocumentSnapshot[];
}

/** The pool's issued and held numbers, from its shards as `read` reads them. */
async function poolState(
  db: Firestore,
  raffleId: string,
  now: Date,
  read = (query: Query) => query.get(),
): Promise<PoolState> {
  const shards = await read(db.collection(shardsPath(raffleId)));
  let sold = 0;
  let held = 0;
  for (const doc of shards.docs) {
    const shard = readShard(doc);
    sold += shard.sold;
    held += Object.values(shard.holds).reduce(
      (sum, hold) => (hold.expiresAt.getTime() > now.getTime() ? sum + hold.quantity : sum),
      0,
    );
  }
  return { sold, held, shards: shards.docs };
}

/** Whether any shard of the pool was written (or added) between the two reads. */
function shardsWrittenSince(before: PoolState, after: PoolState): boolean {
  const read = new Map(before.shards.map((shard) => [shard.id, shard.updateTime]));
  return after.shards.some((shard) => !read.get(shard.id)?.isEqual(shard.updateTime));
}

/** Whether the raffle is closed now, and why not when it is not. */
export async function isClosed(
  db: Firestore,
  raffle: Raffle,
  now: Date,
): Promise<{ closed: boolean; pool: PoolState }> {
  const pool = await poolState(db, raffle.id, now);
  const soldOut = raffle.closeOnSellOut && pool.sold >= raffle.maxTickets && pool.held === 0;
  return { closed: soldOut || now.getTime() >= closesAt(raffle).getTime(), pool };
}

interface Eligible {
  numbers: number[];
  excludedWrongAnswer: number;
  /** The active tickets left out for a wrong answer. */
  wrongAnswers: number[];
  excludedStaff: number;
  owners: Map<number, string>;
  /** The eligible tickets from before tickets recorded whether staff took them (staffAtIssue). */
  judgedByClaims: Set<number>;
  /** What the read saw of the active tickets, to tell whether they changed before the record. */
  read: ActiveTickets;
}

/** How many active tickets a raffle has, and the sum of their numbers. */
interface ActiveTickets {
  count: number;
  numberSum: number;
}

/**
 * The raffle's active tickets, counted in the draw's transaction. A ticket voided (a refund, a
 * dispute), deleted or moved to another number since the entries were read changes the count
 * or the sum, and the draw then waits for its next run rather than freeze a list that is no
 * longer true.
 */
async function activeTicketsNow(
  tx: Transaction,
  db: Firestore,
  raffleId: string,
): Promise<ActiveTickets> {
  const totals = await tx.get(
    activeTicketsQuery(db, raffleId).aggregate({
      count: AggregateField.count(),
      numberSum: AggregateField.sum('ticketNumber'),
    }),
  );
  const { count, numberSum } = totals.data();
  return { count, numberSum: numberSum ?? 0 };
}

/** Accounts that can never win: administrators and staff. */
async function staffAmong(auth: Auth, uids: string[]): Promise<Set<string>> {
  const staff = new Set<string>();
  for (let i = 0; i < uids.length; i += 100) {
    const { users } = await auth.getUsers(uids.slice(i, i + 100).map((uid) => ({ uid })));
    for (const user of users) {
      if (holdsStaffClaim(user.customClaims)) staff.add(user.uid);
    }
  }
  return staff;
}

/**
 * Freezes the eligible entries: active tickets answered correctly and not issued to staff. What
 * a ticket was when it was issued decides, never a claim granted or removed since: otherwise an
 * administrator could shut a customer's paid tickets out by making them staff for the close.
 * Only tickets from before that was recorded are judged by their holder's claims now.
 */
async function eligibleEntries(db: Firestore, auth: Auth, raffleId: string): Promise<Eligible> {
  const candidates: Array<{ number: number; userId: string; byClaims: boolean }> = [];
  const read: ActiveTickets = { count: 0, numberSum: 0 };
  // The wrong answers, recorded apart from the tickets (their owners read the tickets).
  const wrong = await db.collection(ineligiblePath(raffleId)).select().get();
  const wrongNumbers = new Set(wrong.docs.map((doc) => Number(doc.id)));
  const wrongAnswers: number[] = [];
  let issuedToStaff = 0;
  const fields = ['eligible', 'issuedToStaff', 'boughtAsStaff'];
  for await (const page of activeTicketPages(db, raffleId, fields)) {
    for (const doc of page) {
      const ticket = drawnTicket.fromFirestore(doc);
      read.count += 1;
      read.numberSum += ticket.ticketNumber;
      const staffThen = staffAtIssue(ticket);
      if (ticket.eligible === false || wrongNumbers.has(ticket.ticketNumber)) {
        wrongAnswers.push(ticket.ticketNumber);
      } else if (staffThen) issuedToStaff += 1;
      else {
        const byClaims = staffThen === null;
        candidates.push({ number: ticket.ticketNumber, userId: ticket.userId, byClaims });
      }
    }
  }
  const judged = candidates.filter((c) => c.byClaims);
  const staff = await staffAmong(auth, [...new Set(judged.map((c) => c.userId))]);
  const kept = candidates.filter((c) => !(c.byClaims && staff.has(c.userId)));
  return {
    numbers: kept.map((c) => c.number),
    excludedWrongAnswer: wrongAnswers.length,
    wrongAnswers,
    excludedStaff: issuedToStaff + candidates.length - kept.length,
    owners: new Map(kept.map((c) => [c.number, c.userId])),
    judgedByClaims: new Set(kept.filter((c) => c.byClaims).map((c) => c.number)),
    read,
  };
}

function recordOf(data: unknown): DrawRecordData {
  return drawRecordSchema.parse(timestampsToDates(data));
}

async function readRecord(db: Firestore, raffleId: string): Promise<DrawRecordData | null> {
  const snapshot = await db.collection(drawsCollection).doc(raffleId).get();
  return snapshot.exists ? recordOf(snapshot.data()) : null;
}

/**
 * Draws a closed raffle: freezes the eligible entries, publishes their hash, derives the
 * winning ticket from the committed seed and that hash (domain/src/draws.ts), reveals the
 * seed, records the winner on /winners and tells them in the app and by e-mail.
 *
 * Exactly once however often or concurrently it runs: everything it writes has a fixed id,
 * and the draw record, the winner, the notification and the e-mail are created in one
 * transaction that finds the record already there if another run got first. A run that lost
 * the race returns the first run's result (both computed the same one anyway).
 */
export async function drawRaffle(
  db: Firestore,
  auth: Auth,
  raffleId: string,
  trigger: DrawTrigger,
  now = new Date(),
  { onRecorded }: { onRecorded?: (tx: Transaction, record: DrawRecordData) => void } = {},
): Promise<DrawRecordData> {
  const existing = await readRecord(db, raffleId);
  if (existing) return existing;
  const snapshot = await db.doc(rafflePath(raffleId)).get();
  if (!snapshot.exists) throw new ShopError('not-found', 'Raffle not found');
  const raffle = parseDocument(raffleSchema, snapshot.data(), raffleId);
  if (raffle.drawStatus === 'cancelled') {
    throw new ShopError('failed-precondition', DRAW_MESSAGES.cancelled);
  }
  const { closed, pool } = await isClosed(db, raffle, now);
  if (!closed) throw new ShopError('failed-precondition', DRAW_MESSAGES.notClosed);
  if (pool.held > 0) throw new ShopError('unavailable', DRAW_MESSAGES.notReady);

  const seed = await readDrawSeed(db, raffleId);
  // Only with the seed the raffle's published commitment stands for: one swapped since (by
  // whoever can write the database) is refused, and a person must look.
  if (raffle.drawCommitment && raffle.drawCommitment !== seed.commitment) {
    throw new ShopError('failed-precondition', DRAW_MESSAGES.commitmentMismatch);
  }
  // A paid checkout still writing its tickets: wait for it, before reading any entry. (Counting
  // tickets against the pool's issued numbers cannot tell: a void ticket, refunded or disputed,
  // keeps its number out of sale, and an administrator may delete one.)
  if ((await fulfilmentsUnderWay(db, raffleId)).length > 0) {
    throw new ShopError('unavailable', DRAW_MESSAGES.notReady);
  }
  const entries = await eligibleEntries(db, auth, raffleId);
  const outcome = await computeDraw(raffleId, seed.seed, entries.numbers);
  // Instant prizes were committed before sales like the seed: revealed with it.
  const instantWinReveal = await readInstantWinReveal(db, raffle);

  const winnerUid =
    outcome.winningTicketNumber === null
      ? null
      : (entries.owners.get(outcome.winningTicketNumber) ?? null);
  // A ticket of a deleted account is named as the entry lists name it, and nobody is told.
  const deleted = winnerUid === DELETED_USER_ID;
  const profile =
    winnerUid && !deleted ? (await profileRef(db, winnerUid).get()).data() : undefined;
  const winnerName =
    outcome.winningTicketNumber === null
      ? null
      : deleted
        ? DELETED_USER_NAME
        : holderDisplayName(profile?.firstName, profile?.lastName, outcome.winningTicketNumber);

  // The frozen list, in chunks named by its hash: once a record exists, chunks of any other
  // hash are deleted (recordOrWithdraw), so the only list left is the record's.
  const sorted = [...entries.numbers].sort((a, b) => a - b);
  const chunks = Math.ceil(sorted.length / DRAW_ENTRY_CHUNK_SIZE);
  for (let index = 0; index < chunks; index += 1) {
    await db
      .collection(drawEntryListPath(raffleId))
      .doc(drawEntryChunkId(outcome.entriesHash, index))
      .set({
        index,
        numbers: sorted.slice(index * DRAW_ENTRY_CHUNK_SIZE, (index + 1) * DRAW_ENTRY_CHUNK_SIZE),
      });
  }

  const record: DrawRecordData = {
    raffleId,
    raffleName: raffle.name,
    algorithm: DRAW_ALGORITHM,
    commitment: seed.commitment,
    committedAt: seed.createdAt,
    status: outcome.winningTicketNumber === null ? 'no-entries' : 'drawn',
    trigger,
    closedAt: now,
    entriesHash: outcome.entriesHash,
    eligibleCount: outcome.eligibleCount,
    entryListChunks: chunks,
    excludedWrongAnswer: entries.excludedWrongAnswer,
    excludedStaff: entries.excludedStaff,
    seed: seed.seed,
    winningIndex: outcome.winningIndex,
    winningTicketNumber: outcome.winningTicketNumber,
    winnerName,
    drawnAt: now,
    instantWinCommitment: raffle.instantWinCommitment,
    instantWinReveal,
  };

  // Another run drawing the same raffle contends for these documents: the loser reads the
  // winner's record on its next attempt.
  const drawn = await recordOrWithdraw(db, raffleId, () =>
    db.runTransaction(async (tx) => {
      const recordRef = db.collection(drawsCollection).doc(raffleId);
      const [current, latest] = await Promise.all([
        tx.get(recordRef),
        tx.get(raffleRef(db, raffleId)),
      ]);
      if (current.exists) return recordOf(current.data());
      // Cancelled while this run read the entries: nothing is drawn.
      if (latest.data()?.drawStatus === 'cancelled') {
        throw new ShopError('failed-precondition', DRAW_MESSAGES.cancelled);
      }
      // Its end date moved meanwhile (a raffle with no tickets sold reopened by an
      // administrator's save): the next run decides whether it has closed.
      const endDate = latest.get('endDate') as Timestamp | undefined;
      if (endDate?.toMillis() !== raffle.endDate.getTime()) {
        throw new ShopError('unavailable', DRAW_MESSAGES.notReady);
      }
      // A payment issued numbers while this run read the entries (a hold that lapsed, paid at
      // the last moment), or a ticket moved to another number or was deleted (each writes its
      // shards; two moves can leave the count and the sum below as they were): the entries read
      // may not be the raffle's, so the draw waits for its next run. Otherwise the pool closes
      // with the record, as a cancellation closes it: a payment after this transaction issues
      // nothing and is refunded (checkout/fulfil.ts).
      const settled = await poolState(db, raffleId, now, (query) => tx.get(query));
      if (shardsWrittenSince(pool, settled) || settled.held > 0) {
        throw new ShopError('unavailable', DRAW_MESSAGES.notReady);
      }
      // A ticket voided, deleted or moved while this run read the entries waits for the next
      // run, as do an administrator's refund of any of the raffle's tickets still under way (it
      // voids them only after Stripe's refund) and a winning ticket that changed hands (a
      // deleted account's): the next run reads the entries as they are then.
      const [active, winnerChanged, refunding] = await Promise.all([
        activeTicketsNow(tx, db, raffleId),
        record.winningTicketNumber === null
          ? false
          : winnerChangedSince(tx, db, raffleId, record.winningTicketNumber, winnerUid),
        refundsUnderWay(tx, db, raffleId),
      ]);
      // A winning ticket from before tickets recorded whether staff took them, whose holder was
      // made an administrator or staff since their claims were read with the entries (Auth is
      // outside this transaction: asked again here, just before it commits): the next run
      // leaves it out. A ticket that recorded it is judged by that alone.
      const madeStaff =
        winnerUid !== null &&
        !deleted &&
        record.winningTicketNumber !== null &&
        entries.judgedByClaims.has(record.winningTicketNumber) &&
        (await staffAmong(auth, [winnerUid])).size > 0;
      if (
        active.count !== entries.read.count ||
        active.numberSum !== entries.read.numberSum ||
        winnerChanged ||
        refunding ||
        madeStaff
      ) {
        throw new ShopError('unavailable', DRAW_MESSAGES.notReady);
      }
      settled.shards.forEach((shard) => tx.update(shard.ref, { closed: true }));
      tx.create(recordRef, record);
      // What only the run that records the draw must write with it (the hand draw's audit entry).
      onRecorded?.(tx, record);
      tx.update(db.doc(rafflePath(raffleId)), { drawStatus: record.status });
      if (winnerUid && record.winningTicketNumber !== null && winnerName) {
        const winner: WinnerData = {
          raffleId,
          winnerName,
          ticketNumber: String(record.winningTicketNumber),
          imageUrl: null,
          prizeName: raffle.name,
          prizeImageUrl: raffle.imageUrl || null,
          prizeValue: null,
          announcementDate: now,
          updatedAt: now,
          updatedBy: `draw:${trigger}`,
        };
        tx.create(db.collection(winnersCollection).doc(raffleId), winner);
        const notice = DRAW_NOTICES.winner(raffle.name, record.winningTicketNumber);
        if (!deleted) {
          addNotification(
            db,
            tx,
            winnerUid,
            {
              type: 'win',
              kind: 'win',
              title: notice.title,
              message: notice.message,
              link: drawPagePath(raffleId),
            },
            now,
            drawNoticeId(raffleId),
          );
        }
        const email = profile?.email;
        if (email) {
          tx.create(
            db.collection(mailCollection).doc(`win-${raffleId}`),
            queuedMail(email, notice.subject, drawNoticeMail(notice, raffleId), null, now),
          );
        }
        // The ticket remembers it won (My Tickets shows it).
        tx.update(
          db.collection(ticketsCollection).doc(ticketId(raffleId, record.winningTicketNumber)),
          {
            won: true,
          },
        );
      }
      return record;
    }),
  );
  await markLeftOut(db, raffleId, entries.wrongAnswers);
  return drawn;
}

/**
 * Records the draw (`record`, retried while transient), and keeps the entry list chunks only of
 * the draw recorded. Chunks named by the hash of a record that exists are that record's (a run
 * with the same entries won), and stay. A run that does not draw (the entries changed
 * meanwhile, the raffle was cancelled) leaves its chunks while no record exists: another run
 * with the same entries writes the same chunks and may be about to record them, and the rules
 * show no chunk the record does not name. Once a record exists, every other chunk goes, by
 * whichever run sees it (sweepEntryList).
 */
async function recordOrWithdraw<T extends { entriesHash: string }>(
  db: Firestore,
  raffleId: string,
  record: () => Promise<T>,
): Promise<T> {
  let drawn: T;
  try {
    drawn = await retryTransient(record);
  } catch (error) {
    const current = await db.collection(drawsCollection).doc(raffleId).get();
    if (current.exists) await sweepEntryList(db, raffleId, recordOf(current.data()).entriesHash);
    throw error;
  }
  await sweepEntryList(db, raffleId, drawn.entriesHash);
  return drawn;
}

/** Deletes the raffle's entry list chunks the recorded draw (its `entriesHash`) does not name. */
async function sweepEntryList(db: Firestore, raffleId: string, entriesHash: string) {
  const chunks = await db.collection(drawEntryListPath(raffleId)).select().get();
  const others = chunks.docs.filter((chunk) => !chunk.id.startsWith(`${entriesHash}-`));
  for (let start = 0; start < others.length; start += 400) {
    const batch = db.batch();
    others.slice(start, start + 400).forEach((chunk) => batch.delete(chunk.ref));
    await batch.commit();
  }
}

/**
 * True when the winning ticket is no longer active or no longer the holder's the entries named,
 * or a refund of it is under way (its order's claim).
 */
async function winnerChangedSince(
  tx: Transaction,
  db: Firestore,
  raffleId: string,
  ticketNumber: number,
  holder: string | null,
): Promise<boolean> {
  const ticket = (await tx.get(ticketsRef(db).doc(ticketId(raffleId, ticketNumber)))).data();
  if (ticket?.status !== 'active' || ticket.userId !== holder) return true;
  if (!ticket.orderId) return false;
  const order = (await tx.get(ordersRef(db).doc(ticket.orderId))).data();
  return pendingTicketRefunds(order).some((refund) =>
    refund.ticketIds.includes(ticketId(raffleId, ticketNumber)),
  );
}

/**
 * True while an administrator's refund of tickets in the raffle is under way (claimed, its
 * tickets not yet void), or an order whose money came back through Stripe (a dispute, a
 * dashboard refund) is marked but its tickets not yet void: drawn now, the published entries
 * would hold a ticket that is then voided. One that failed part way holds the draw until the
 * refund is asked again, or Stripe delivers the event again, and finishes.
 */
async function refundsUnderWay(tx: Transaction, db: Firestore, raffleId: string) {
  const orders = await tx.get(
    ordersRef(db).where(new FieldPath('refunding', raffleId), '>', 0).limit(1),
  );
  return !orders.empty;
}

/**
 * After the draw, the tickets it left out for a wrong answer say so (My Tickets, the exports):
 * until then nothing a customer reads tells whether an answer was right.
 */
async function markLeftOut(db: Firestore, raffleId: string, numbers: number[]): Promise<void> {
  for (let start = 0; start < numbers.length; start += 400) {
    const batch = db.batch();
    for (const number of numbers.slice(start, start + 400)) {
      batch.update(db.collection(ticketsCollection).doc(ticketId(raffleId, number)), {
        eligible: false,
      });
    }
    await batch.commit();
  }
}

/**
 * Once the draw is recorded (its trigger): marks the tickets left out for a wrong answer that
 * the draw's own run did not (it stopped after the record, and no later run draws again). Only
 * active tickets not marked yet are written; a drawn raffle's tickets no longer change.
 */
export async function markLeftOutOnceDrawn(db: Firestore, raffleId: string): Promise<number> {
  const wrong = await db.collection(ineligiblePath(raffleId)).select().get();
  if (wrong.empty) return 0;
  const tickets = await db.getAll(
    ...wrong.docs.map((doc) =>
      db.collection(ticketsCollection).doc(ticketId(raffleId, Number(doc.id))),
    ),
    { fieldMask: ['status', 'eligible'] },
  );
  const unmarked = tickets
    .filter((ticket) => ticket.get('status') === 'active' && ticket.get('eligible') !== false)
    .map((ticket) => Number(ticket.id.slice(raffleId.length + 1)));
  await markLeftOut(db, raffleId, unmarked);
  return unmarked.length;
}

/** Raffles read per page by the scheduled run. */
const DUE_PAGE = 100;

/**
 * Every document `query` finds, a page at a time: raffles that can never be drawn (a draft
 * that never went live has no seed) stay pending, and must not hide those behind them.
 */
async function allPages(query: Query): Promise<QueryDocumentSnapshot[]> {
  const docs: QueryDocumentSnapshot[] = [];
  for (;;) {
    const last = docs.at(-1);
    const page = await (last ? query.startAfter(last) : query).limit(DUE_PAGE).get();
    docs.push(...page.docs);
    if (page.size < DUE_PAGE) return docs;
  }
}

/** Raffles due a draw now: past their close, or sold out and closing on sell-out. */
export async function runDueDraws(
  db: Firestore,
  auth: Auth,
  now = new Date(),
): Promise<{ drawn: string[]; waiting: string[] }> {
  const cutoff = new Date(now.getTime() - RESERVATION_HOLD_MS);
  const [ended, sellOuts] = await Promise.all([
    allPages(
      db
        .collection('raffles')
        .where('drawStatus', '==', 'pending')
        .where('endDate', '<=', cutoff)
        .orderBy('endDate'),
    ),
    allPages(
      db
        .collection('raffles')
        .where('drawStatus', '==', 'pending')
        .where('closeOnSellOut', '==', true)
        .orderBy(FieldPath.documentId()),
    ),
  ]);
  const due = [
    ...ended.map((d) => ({ id: d.id, trigger: 'schedule' as const })),
    ...sellOuts
      .filter((d) => {
        const raffle = parseDocument(raffleSchema, d.data(), d.id);
        return raffle.soldTickets >= raffle.maxTickets;
      })
      .map((d) => ({ id: d.id, trigger: 'sell-out' as const })),
  ];
  const drawn: string[] = [];
  const waiting: string[] = [];
  for (const { id, trigger } of due) {
    try {
      await drawRaffle(db, auth, id, trigger, now);
      drawn.push(id);
    } catch (error) {
      // Not ready yet (a payment still completing), or contended past its retries: the next
      // run tries again, and the raffles after it are drawn now.
      if (error instanceof ShopError || isTransient(error)) waiting.push(id);
      else throw error;
    }
  }
  return { drawn, waiting };
}
