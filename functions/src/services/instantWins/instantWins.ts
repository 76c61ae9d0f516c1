/**
 * Instant wins on the server (domain/src/instantWins.ts): prizes set and committed before
 * sales, the majority rule, the wins found at fulfilment, and the winner's payout choice.
 */
import {
  holdsStaffClaim,
  INSTANT_WIN_MESSAGES,
  RAFFLE_MESSAGES,
  ShopError,
  hasEnded,
  instantPrizesProblem,
  instantWinCommitment,
  instantWinId,
  raffleSecretSchema,
  raffleSecretsCollection,
  parseDocument,
  shardCovers,
  ticketId,
  userPath,
  type InstantPrize,
  type InstantWinReveal,
  type InstantWinData,
  type Order,
  type OrderData,
  type OrderInstantWin,
  type PayoutChoice,
  type PublicInstantPrize,
  type Raffle,
  type SaveInstantPrizesOutput,
} from '@rafflewin/domain';
import { randomBytes } from 'node:crypto';
import { getAuth } from 'firebase-admin/auth';
import {
  FieldValue,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import type { Caller } from '../../lib/access';
import { instantWinRef, ordersRef, raffleRef, rafflesRef } from '../../lib/collections';
import { recordAudit } from '../admin/audit';
import { refuseIfChangedSince } from '../admin/editVersions';
import { moveCheckoutLock, releaseOpenCheckouts } from '../checkout/release';
import { readPoolIn, readRaffle, ticketsTakenFrom } from '../raffles/raffleRecords';

const secretsRef = (db: Firestore, raffleId: string) =>
  db.collection(raffleSecretsCollection).doc(raffleId);

/** Whether a raffle is live for the majority rule: switched on, not ended, not drawn. */
export const isLiveForMajority = (
  raffle: Pick<Raffle, 'active' | 'drawStatus' | 'endDate'>,
  now: Date,
): boolean => raffle.active && raffle.drawStatus === 'pending' && !hasEnded(raffle, now);

/**
 * Refuses (in `tx`) a change to raffle `raffleId` that would leave instant-win raffles the
 * majority of live ones (see isLiveForMajority), as the Code asks: `goesLive` when it is a
 * raffle with instant prizes going live (switched on, given prizes while live, or its end moved
 * back into the future), otherwise a raffle without them leaving the live ones (switched off,
 * deleted, or its end brought into the past). Changes that lower their share are never refused.
 */
export async function assertInstantWinsMinority(
  tx: Transaction,
  db: Firestore,
  raffleId: string,
  now: Date,
  goesLive = true,
): Promise<void> {
  // Undrawn ones only: drawn raffles stay switched on (listed with their results), so reading
  // every active raffle would read, and lock, the shop's whole history on each save.
  const active = await tx.get(
    rafflesRef(db).where('active', '==', true).where('drawStatus', '==', 'pending'),
  );
  const others = active.docs
    .filter((doc) => doc.id !== raffleId)
    .map((doc) => doc.data())
    .filter((raffle) => isLiveForMajority(raffle, now));
  const instant = others.filter((raffle) => raffle.instantPrizes.length > 0).length;
  const [instantAfter, liveAfter] = goesLive
    ? [instant + 1, others.length + 1]
    : [instant, others.length];
  if (instantAfter * 2 > liveAfter) {
    throw new ShopError(
      'failed-precondition',
      goesLive ? INSTANT_WIN_MESSAGES.majority : INSTANT_WIN_MESSAGES.majorityLeaving,
      'instant-win-majority',
    );
  }
}

/** The shop's list: what each prize is, biggest first, none of them won yet. */
function publicList(prizes: InstantPrize[]): PublicInstantPrize[] {
  return prizes
    .map(({ name, cashAlternative }) => ({ name, cashAlternative, won: false }))
    .sort((a, b) => b.cashAlternative - a.cashAlternative || a.name.localeCompare(b.name));
}

/**
 * Replaces a raffle's instant prizes before sales and publishes their commitment. A list opened
 * on an older version of the raffle (`seenUpdatedAt`) is refused rather than undoing the change
 * saved since (another administrator's list, an edit, the switch).
 */
export async function saveInstantPrizes(
  db: Firestore,
  admin: Caller,
  raffleId: string,
  prizes: InstantPrize[],
  seenUpdatedAt?: number | null,
  now = new Date(),
): Promise<SaveInstantPrizesOutput> {
  const sorted = [...prizes].sort((a, b) => a.ticketNumber - b.ticketNumber);
  const reveal = { salt: randomBytes(32).toString('hex'), prizes: sorted };
  const commitment = sorted.length > 0 ? await instantWinCommitment(raffleId, reveal) : null;
  return db.runTransaction(async (tx) => {
    const ref = raffleRef(db, raffleId);
    const raffle = readRaffle(await tx.get(ref));
    const shards = await readPoolIn(tx, db, raffleId);
    refuseIfChangedSince(raffle.updatedAt, seenUpdatedAt, RAFFLE_MESSAGES.changedSinceOpened);
    if (raffle.cancelledAt || raffle.drawStatus !== 'pending' || hasEnded(raffle, now)) {
      throw new ShopError('failed-precondition', INSTANT_WIN_MESSAGES.closed);
    }
    if (ticketsTakenFrom(raffle, shards, now) > 0) {
      throw new ShopError('failed-precondition', INSTANT_WIN_MESSAGES.fixedOnceSold);
    }
    // An administrator knows where the prizes are: in a picking raffle a friend could pick them.
    if (raffle.numberPicking && sorted.length > 0) {
      throw new ShopError('failed-precondition', INSTANT_WIN_MESSAGES.notWithPicking);
    }
    const problem = instantPrizesProblem(sorted, raffle.maxTickets);
    if (problem) throw new ShopError('invalid-argument', problem);
    // A lower maximum set while tickets were sold above it leaves gaps in the pool: a prize
    // there could never be won, while the odds shown would count it.
    const offSale = sorted.find(
      ({ ticketNumber }) =>
        shards.length > 0 && !shards.some((shard) => shardCovers(shard, ticketNumber)),
    );
    if (offSale) {
      throw new ShopError('invalid-argument', INSTANT_WIN_MESSAGES.notOnSale(offSale.ticketNumber));
    }
    if (raffle.active && sorted.length > 0 && raffle.instantPrizes.length === 0) {
      await assertInstantWinsMinority(tx, db, raffleId, now);
    }
    tx.update(ref, {
      instantPrizes: publicList(sorted),
      instantWinCommitment: commitment,
      updatedAt: now,
    });
    tx.set(
      secretsRef(db, raffleId),
      { instantWins: sorted.length > 0 ? reveal : FieldValue.delete() },
      { merge: true },
    );
    recordAudit(
      db,
      tx,
      admin,
      {
        action: 'raffle.instantPrizes',
        target: ref.path,
        before: {
          instantPrizes: raffle.instantPrizes.length,
          commitment: raffle.instantWinCommitment,
        },
        after: { instantPrizes: sorted.length, commitment },
      },
      now,
    );
    return { commitment, updatedAt: now.getTime() };
  });
}

/** The secret list of a raffle with instant prizes (null without). */
export async function readInstantPrizes(
  db: Firestore,
  raffle: Pick<Raffle, 'id' | 'instantWinCommitment'>,
): Promise<InstantPrize[] | null> {
  return raffle.instantWinCommitment
    ? prizesOf(raffle.id, await secretsRef(db, raffle.id).get())
    : null;
}

/** The same, read (and so locked) in `tx`. */
export async function readInstantPrizesIn(
  tx: Transaction,
  db: Firestore,
  raffle: Pick<Raffle, 'id' | 'instantWinCommitment'>,
): Promise<InstantPrize[] | null> {
  return raffle.instantWinCommitment
    ? prizesOf(raffle.id, await tx.get(secretsRef(db, raffle.id)))
    : null;
}

/**
 * The ticket numbers of raffle `raffleId` that carry instant prizes (read in `tx`; empty for a
 * raffle without them): the numbers an administrator may not steer tickets onto or off.
 */
export async function instantPrizeNumbersIn(
  tx: Transaction,
  db: Firestore,
  raffleId: string,
): Promise<Set<number>> {
  const raffle = (await tx.get(raffleRef(db, raffleId))).data();
  const prizes = raffle ? await readInstantPrizesIn(tx, db, raffle) : null;
  return new Set((prizes ?? []).map((prize) => prize.ticketNumber));
}

/** The list and its salt, as the draw reveals them (null for a raffle without instant prizes). */
export async function readInstantWinReveal(
  db: Firestore,
  raffle: Pick<Raffle, 'id' | 'instantWinCommitment'>,
): Promise<InstantWinReveal | null> {
  if (!raffle.instantWinCommitment) return null;
  return secretOf(raffle.id, await secretsRef(db, raffle.id).get()).instantWins ?? null;
}

function secretOf(raffleId: string, snapshot: DocumentSnapshot) {
  return parseDocument(raffleSecretSchema, snapshot.data() ?? { correctAnswers: {} }, raffleId);
}

function prizesOf(raffleId: string, snapshot: DocumentSnapshot): InstantPrize[] {
  return secretOf(raffleId, snapshot).instantWins?.prizes ?? [];
}

/**
 * Whether `uid` may win instantly: administrators and staff know where the prizes are, so,
 * as in the draw, their tickets win nothing (the prize stays for someone else). An account
 * deleted since it paid is a customer's; any other failure to read the account throws, so the
 * fulfilment is tried again rather than deciding without it.
 */
export async function mayWinInstantly(uid: string): Promise<boolean> {
  const user = await getAuth()
    .getUser(uid)
    .catch((error: unknown) => {
      if ((error as { code?: unknown }).code === 'auth/user-not-found') return null;
      throw error;
    });
  return !holdsStaffClaim(user?.customClaims);
}

/** The instant prizes that `numbers` (just issued to `uid` in the raffle) landed on. */
export async function instantWinsAmong(
  db: Firestore,
  raffle: Pick<Raffle, 'id' | 'instantWinCommitment'>,
  numbers: number[],
  uid: string,
): Promise<OrderInstantWin[]> {
  const prizes = await readInstantPrizes(db, raffle);
  if (!prizes || prizes.length === 0 || !(await mayWinInstantly(uid))) return [];
  const issued = new Set(numbers);
  return prizes
    .filter((prize) => issued.has(prize.ticketNumber))
    .map(({ ticketNumber, name, cashAlternative }) => ({ ticketNumber, name, cashAlternative }));
}

/**
 * Records wins in the order's transaction: each win's document, and the prize marked won on
 * the raffle's public list (identical prizes are interchangeable there). A line's `forfeited`
 * wins (tickets not in the draw) are recorded void at once and without a winner: the prize is
 * gone, nobody is paid, and the buyer can neither read the record nor ask about it (the payout
 * callable answers as for a number without a prize), which would tell them their answer was
 * wrong.
 */
export async function recordInstantWins(
  db: Firestore,
  tx: Transaction,
  wins: Array<{
    raffleId: string;
    raffleName: string;
    wins: OrderInstantWin[];
    forfeited?: boolean;
  }>,
  winner: { userId: string; orderId: string },
  now: Date,
): Promise<void> {
  const withWins = wins.filter((line) => line.wins.length > 0);
  const raffles = await Promise.all(withWins.map((line) => tx.get(raffleRef(db, line.raffleId))));
  withWins.forEach((line, i) => {
    const list = [...(raffles[i]!.data()?.instantPrizes ?? [])].map((prize) => ({ ...prize }));
    for (const win of line.wins) {
      const prize = list.find(
        (p) => !p.won && p.name === win.name && p.cashAlternative === win.cashAlternative,
      );
      if (prize) prize.won = true;
      const data: InstantWinData = {
        userId: line.forfeited ? null : winner.userId,
        raffleId: line.raffleId,
        raffleName: line.raffleName,
        ticketNumber: win.ticketNumber,
        orderId: winner.orderId,
        prize: { name: win.name, cashAlternative: win.cashAlternative },
        payout: null,
        wonAt: now,
        payoutChosenAt: null,
        voidedAt: line.forfeited ? now : null,
      };
      tx.set(instantWinRef(db, instantWinId(line.raffleId, win.ticketNumber)), data);
    }
    tx.update(raffleRef(db, line.raffleId), { instantPrizes: list });
  });
}

/** True when the order's money for this ticket is coming (or has come) back. */
function moneyGoingBack(order: OrderData | undefined, ticket: string): boolean {
  if (!order) return false;
  const refunds = Object.values(order.ticketRefunds ?? {});
  return !!order.moneyBack || refunds.some((refund) => refund.ticketIds.includes(ticket));
}

/**
 * The winner's choice, once; site credit is added to their account credit at once. A prize
 * without a cash alternative is taken as the prize.
 */
export async function chooseInstantWinPayout(
  db: Firestore,
  uid: string,
  winId: string,
  payout: PayoutChoice,
  now = new Date(),
): Promise<{ message: string }> {
  return db.runTransaction(async (tx) => {
    const ref = instantWinRef(db, winId);
    const win = (await tx.get(ref)).data();
    if (!win || win.userId !== uid) throw new ShopError('not-found', INSTANT_WIN_MESSAGES.notFound);
    const order = (await tx.get(ordersRef(db).doc(win.orderId))).data();
    // The win goes void once its ticket's money is back, which is marked on the order first (a
    // refund claimed, a refund or dispute at Stripe): no choice in between, or credit added now
    // could be spent before it is taken back.
    if (win.voidedAt || moneyGoingBack(order, ticketId(win.raffleId, win.ticketNumber))) {
      throw new ShopError('failed-precondition', INSTANT_WIN_MESSAGES.voided);
    }
    if (win.payout) throw new ShopError('failed-precondition', INSTANT_WIN_MESSAGES.alreadyChosen);
    // The order page offers only the prize then; a choice of nothing would use up the one choice.
    if (payout !== 'prize' && win.prize.cashAlternative === 0) {
      throw new ShopError('failed-precondition', INSTANT_WIN_MESSAGES.noCashAlternative);
    }
    tx.update(ref, { payout, payoutChosenAt: now });
    if (payout === 'credit' && win.prize.cashAlternative > 0) {
      tx.update(db.doc(userPath(uid)), {
        accountCredit: FieldValue.increment(win.prize.cashAlternative),
      });
    }
    return { message: INSTANT_WIN_MESSAGES.chosen(payout) };
  });
}

/**
 * Takes back up to `wanted` pence of an account's credit, as far as it still holds it, and moves
 * its checkout lock (a checkout being reserved at this moment retries and finds the credit gone).
 * It reads before it writes, so a transaction calls it after its own reads.
 */
async function takeBackCredit(
  tx: Transaction,
  db: Firestore,
  uid: string,
  wanted: number,
  now: Date,
): Promise<{ held: number; takenBack: number }> {
  const profile = await tx.get(db.doc(userPath(uid)));
  if (!profile.exists) return { held: 0, takenBack: 0 };
  const held = Number(profile.get('accountCredit') ?? 0);
  const takenBack = Math.min(wanted, Math.max(0, held));
  if (takenBack > 0) tx.update(profile.ref, { accountCredit: FieldValue.increment(-takenBack) });
  moveCheckoutLock(tx, db, uid, now);
  return { held, takenBack };
}

/** Every instant win of an order, by raffle and ticket number. */
export const winsOf = (order: Pick<Order, 'items'>) =>
  order.items.flatMap((item) =>
    (item.instantWins ?? []).map(({ ticketNumber }) => ({ raffleId: item.raffleId, ticketNumber })),
  );

/**
 * The instant wins among tickets just voided (an administrator's refund, a refund made at
 * Stripe, a disputed payment) are void too: the prize can no longer be taken, and site credit
 * already given for one is taken back, as far as the account still holds it, counting what sat
 * in its unpaid checkouts. What it no longer holds (spent on a paid order) stays on the win as
 * `creditNotRecovered`, in the same transaction as the voiding, so a refund that stops after it
 * and is asked again still takes it from the credit coming back (creditLeftAfterWins); what is
 * never recovered is left in the audit log for a person. Each win once, however often
 * it is asked. Answers the credit still owed.
 */
export async function voidInstantWins(
  db: Firestore,
  actor: Caller,
  order: Pick<Order, 'id' | 'userId' | 'items'>,
  voided: Array<{ raffleId: string; ticketNumber: number }>,
  now = new Date(),
): Promise<number> {
  const won = winsOf(order).filter((win) =>
    voided.some(
      (ticket) => ticket.raffleId === win.raffleId && ticket.ticketNumber === win.ticketNumber,
    ),
  );
  // Credit the customer moved into an unpaid checkout comes home first (its page closes), so
  // it is taken back below rather than returned when that checkout is released.
  if (won.length > 0) {
    await releaseOpenCheckouts(
      db,
      order.userId,
      'winVoided',
      now,
      (session) => session.creditApplied > 0,
    );
  }
  for (const { raffleId, ticketNumber } of won) {
    await db.runTransaction(async (tx) => {
      const ref = instantWinRef(db, instantWinId(raffleId, ticketNumber));
      const win = (await tx.get(ref)).data();
      if (!win || win.voidedAt) return;
      const credited = win.payout === 'credit' ? win.prize.cashAlternative : 0;
      const { held, takenBack } = await takeBackCredit(tx, db, order.userId, credited, now);
      tx.update(ref, { voidedAt: now, creditNotRecovered: credited - takenBack });
      recordAudit(
        db,
        tx,
        actor,
        {
          action: 'instantWin.voided',
          target: ref.path,
          before: { payout: win.payout, accountCredit: held },
          after: { creditTakenBack: takenBack, creditNotRecovered: credited - takenBack },
        },
        now,
      );
    });
  }
  // A checkout reserved between the release above and the take-back holds that credit: it comes
  // home too and is taken back.
  return recoverWinCredit(db, actor, order.userId, won, now);
}

type WinRef = DocumentReference<InstantWinData>;

const winRefs = (db: Firestore, wins: Array<{ raffleId: string; ticketNumber: number }>) =>
  wins.map(({ raffleId, ticketNumber }) => instantWinRef(db, instantWinId(raffleId, ticketNumber)));

/** What each voided win of `refs` still owes of its credit (0 for one not voided). */
async function owedOn(
  refs: WinRef[],
  read: (ref: WinRef) => Promise<DocumentSnapshot<InstantWinData>>,
): Promise<number[]> {
  const snapshots = await Promise.all(refs.map(read));
  return snapshots.map((snapshot) => {
    const win = snapshot.data();
    return win?.voidedAt ? (win.creditNotRecovered ?? 0) : 0;
  });
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** Counts `recovered` pence down the wins' owed credit (`owed`, per win), and audits it. */
function countDown(
  db: Firestore,
  tx: Transaction,
  actor: Caller,
  userId: string,
  wins: { refs: WinRef[]; owed: number[] },
  recovered: number,
  before: Record<string, number>,
  now: Date,
): void {
  let left = recovered;
  wins.refs.forEach((ref, index) => {
    const owed = wins.owed[index]!;
    const taken = Math.min(left, owed);
    left -= taken;
    if (taken > 0) tx.update(ref, { creditNotRecovered: owed - taken });
  });
  const after = { creditTakenBack: recovered, creditNotRecovered: sum(wins.owed) - recovered };
  recordAudit(
    db,
    tx,
    actor,
    { action: 'instantWin.creditRecovered', target: userPath(userId), before, after },
    now,
  );
}

/**
 * Takes back, as far as the account holds it, the credit of voided wins that their voiding
 * could not take (parked in a checkout reserved meanwhile, which is released first: a few
 * rounds, each leaving the window smaller), counted down on the wins. Answers what is still
 * owed, left on the wins and in the audit log.
 */
async function recoverWinCredit(
  db: Firestore,
  actor: Caller,
  userId: string,
  wins: Array<{ raffleId: string; ticketNumber: number }>,
  now = new Date(),
): Promise<number> {
  const refs = winRefs(db, wins);
  let owed = sum(await owedOn(refs, (ref) => ref.get()));
  for (let round = 0; owed > 0 && round < 3; round += 1) {
    await releaseOpenCheckouts(
      db,
      userId,
      'winVoided',
      now,
      (session) => session.creditApplied > 0,
    );
    const recovered = await db.runTransaction(async (tx) => {
      const each = await owedOn(refs, (ref) => tx.get(ref));
      const { held, takenBack } = await takeBackCredit(tx, db, userId, sum(each), now);
      if (takenBack > 0) {
        const before = { accountCredit: held };
        countDown(db, tx, actor, userId, { refs, owed: each }, takenBack, before, now);
      }
      return takenBack;
    });
    if (recovered === 0) break;
    owed -= recovered;
  }
  return owed;
}

/**
 * Inside a transaction that gives `credit` pence back to an order's customer (a refund of its
 * tickets): what the order's voided wins still owe of their credit is taken from it first,
 * counted down on the wins and audited in the same transaction, so no stop in between can leave
 * it spendable. Reads before it writes: call it after the transaction's other reads and before
 * its writes. Answers what is left to give back.
 */
export async function creditLeftAfterWins(
  tx: Transaction,
  db: Firestore,
  actor: Caller,
  order: Pick<Order, 'userId' | 'items'>,
  credit: number,
  now: Date,
): Promise<number> {
  const refs = winRefs(db, winsOf(order));
  if (credit <= 0 || refs.length === 0) return credit;
  const owed = await owedOn(refs, (ref) => tx.get(ref));
  const recovered = Math.min(sum(owed), credit);
  if (recovered === 0) return credit;
  const before = { creditComingBack: credit };
  countDown(db, tx, actor, order.userId, { refs, owed }, recovered, before, now);
  return credit - recovered;
}
