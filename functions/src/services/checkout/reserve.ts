import {
  STAFF_ENTRY,
  ShopError,
  CHECKOUT_MESSAGES,
  creditToApply,
  refuseBelowCardMinimum,
  checkoutAnswersPath,
  type CheckoutAnswers,
  RESERVATION_TTL_MS,
  checkoutSessionsCollection,
  pruneHolds,
  shardAvailable,
  shardsPath,
  type Allocation,
  type AppliedPromo,
  type CheckoutSessionData,
  type Shard,
  offersNumberPicking,
  heldNumbers,
  isNumberIssued,
  shardCovers,
} from '@rafflewin/domain';
import type {
  DocumentReference,
  DocumentSnapshot,
  Firestore,
  WriteBatch,
} from 'firebase-admin/firestore';
import { holderRef, readHolder, readOrCreatePool, readShard } from '../pool/shards';
import { lineTotal, termsChanged, type PricedLine } from './loadCheckoutRaffles';
import { promoOutcome, readPromo } from '../promoCodes/promoCodes';
import { holdPickedNumbers } from '../pool/picking';
import { releaseReservation } from './release';
import { checkoutLockRef } from './sessions';
import {
  refuseClosed,
  refuseOverAvailable,
  refuseOverPerPerson,
  tooMany,
  type ReserveMessages,
  wantedTickets,
} from './room';
import { mayWinInstantly, readInstantPrizes } from '../instantWins/instantWins';
import { profileRef, raffleRef } from '../../lib/collections';

/**
 * A reservation is held a little longer than the 30 minutes a customer has to pay: Stripe
 * requires a Checkout Session to stay open at least 30 minutes from its creation, and its
 * expiry must not outlive the reservation.
 */
export const RESERVATION_HOLD_MS = RESERVATION_TTL_MS + 2 * 60 * 1000;

/**
 * Attempts before giving up on a very busy raffle. With the back-off below they span about
 * 10 s: a 200-buyer burst on one raffle exhausted 12 quick attempts for a few buyers.
 */
const MAX_ATTEMPTS = 20;

/** Random back-off before attempt `attempt + 1`: growing, capped at a second. */
function backOffMs(attempt: number): number {
  return Math.random() * Math.min(1_000, 25 * 2 ** Math.min(attempt, 6));
}

export interface ReserveOptions {
  /** Staff entering these tickets for the customer (manual entry, a postcard). */
  byStaff?: boolean;
  /** The order number the order will get; by default derived from the reservation's id. */
  orderNumber?: string;
  messages?: ReserveMessages;
  /** More writes committed atomically with the reservation (an administrator's audit entry). */
  alsoWrite?: (batch: WriteBatch, sessionId: string) => void;
  /**
   * The customer's limits (player protection), checked on every attempt after the customer's
   * checkout lock is read, with the total before account credit: answers how much may go on a
   * credit card. A concurrent reservation of the same customer moves the lock, so the attempt
   * fails and checks again with that reservation counted.
   */
  checkLimits?: (total: number) => Promise<{ creditCardAllowance: number | null }>;
  /** Spend the customer's account credit first (not for admin or postal entries). */
  useAccountCredit?: boolean;
  /** A promo code to apply (in capitals); its use is held with the tickets. */
  promoCode?: string;
  /**
   * The reservation's id, for a request that may come again (a postcard sent twice): when a
   * reservation with it is already there, nothing is reserved and 'reservation-exists' is
   * thrown, so the caller carries on with that one.
   */
  sessionId?: string;
  /**
   * Read the raffles again once the holds are committed, and answer whether a term the
   * reservation was checked against changed meanwhile (`termsChanged`): the caller then lets
   * it go and starts again. For a customer's own checkout.
   */
  watchTerms?: boolean;
}

export interface Reservation {
  sessionId: string;
  /** To pay, after account credit. */
  amount: number;
  expiresAt: Date;
  creditCardAllowance: number | null;
  creditApplied: number;
  /** The promo code applied, if any. */
  promo: AppliedPromo | null;
  /** With `watchTerms`: a raffle's terms changed while it was reserved (see termsChanged). */
  termsChanged: boolean;
}

interface ShardState {
  snapshot: DocumentSnapshot;
  shard: Shard;
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** The raffle's pool as it is now; created on the first checkout of a new raffle. */
async function readPool(db: Firestore, { raffle }: PricedLine): Promise<ShardState[]> {
  const snapshot = await readOrCreatePool(db, raffle, () =>
    db.collection(shardsPath(raffle.id)).get(),
  );
  return snapshot.docs.map((doc) => ({ snapshot: doc, shard: readShard(doc) }));
}

/** The write conflicted with another buyer's: read again and retry. */
function isConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // FAILED_PRECONDITION (a document changed since it was read), ALREADY_EXISTS (a holder
  // document appeared meanwhile) or ABORTED (contention).
  return code === 9 || code === 6 || code === 10;
}

/**
 * Reserves every line's tickets at once, or none. Per-user limits count tickets owned,
 * tickets held by the customer's other open checkouts and this request. Tickets come from
 * the raffle's pool shards, chosen at random among those with room, so buyers of one raffle
 * write different documents.
 *
 * Concurrency is optimistic: the pool and the holder documents are read without locks and
 * written in one atomic batch that only succeeds if none of them changed since they were read
 * (`lastUpdateTime` preconditions). A buyer who lost a race reads again and retries; a buyer
 * of a sold-out raffle is refused without writing anything. No lock is held while others wait,
 * so a burst on one raffle cannot pile up lock timeouts, and nothing can be oversold.
 */
export async function reserveTickets(
  db: Firestore,
  uid: string,
  lines: PricedLine[],
  now: Date,
  options: ReserveOptions = {},
): Promise<Reservation> {
  const messages: ReserveMessages = options.messages ?? CHECKOUT_MESSAGES;
  const sessions = db.collection(checkoutSessionsCollection);
  const sessionRef = options.sessionId ? sessions.doc(options.sessionId) : sessions.doc();
  const expiresAt = new Date(now.getTime() + RESERVATION_HOLD_MS);
  const priceOf = (line: PricedLine) => line.unitPrice ?? line.raffle.ticketPrice;
  const { useAccountCredit = true } = options;
  const holderRefs = lines.map((line) => holderRef(db, line.raffle.id, uid));
  const lockRef = checkoutLockRef(db, uid);
  const profileDoc = profileRef(db, uid);
  const hold = (quantity: number) => ({ quantity, expiresAt });
  const notForBuyer = await prizesNotForBuyer(db, uid, lines);

  for (let attempt = 1; ; attempt += 1) {
    // The lock first: anything the limits below count was committed before this read, or
    // moves the lock and fails this attempt's batch.
    // The code is read beside it, as it is now (each attempt: its uses are written with a
    // precondition, so two checkouts cannot take its last use).
    const [lock, promo] = await Promise.all([
      options.checkLimits ? lockRef.get() : null,
      options.promoCode ? readPromo(db, options.promoCode, uid) : null,
    ]);
    const priced = lines.map((line) => ({ raffleId: line.raffle.id, total: lineTotal(line) }));
    const offer = promo ? promoOutcome(promo, priced, now) : null;
    const charge = (line: PricedLine) => lineTotal(line) - (offer?.byLine[line.raffle.id] ?? 0);
    const wanted = (line: PricedLine) => wantedTickets(line, offer);
    const bonusOf = (line: PricedLine) => wanted(line).bonus;
    const total = lines.reduce((sum, line) => sum + charge(line), 0);
    // A raffle with number picking holds numbers by name (picked, the rest lucky-dipped);
    // any other takes a count from shards with room.
    const [pools, named, holders, profile, limits] = await Promise.all([
      Promise.all(
        lines.map((line) => (offersNumberPicking(line.raffle) ? null : readPool(db, line))),
      ),
      Promise.all(
        lines.map((line) =>
          offersNumberPicking(line.raffle)
            ? holdPickedNumbers(
                db,
                line.raffle,
                line.numbers ?? [],
                line.quantity + bonusOf(line),
                now,
                {
                  soldOut: messages.soldOut,
                  onlyLeft: (n) => tooMany(wanted(line), n, messages.onlyLeft(n)),
                },
              )
            : null,
        ),
      ),
      db.getAll(...holderRefs),
      useAccountCredit && total > 0 ? profileDoc.get() : null,
      options.checkLimits?.(total),
    ]);
    // The Code: a basket with an instant-win raffle is paid by debit card only.
    const instantWin = lines.some((line) => line.raffle.instantPrizes.length > 0);
    const creditCardAllowance = instantWin ? 0 : (limits?.creditCardAllowance ?? null);
    // Account credit pays first; it is taken now (with the same precondition as the pool, so
    // two checkouts cannot spend it twice) and given back if the reservation lapses. It leaves
    // nothing or at least Stripe's minimum to pay by card; less than that is refused.
    const credit = Math.max(0, profile?.data()?.accountCredit ?? 0);
    refuseBelowCardMinimum(total, credit);
    const creditApplied = creditToApply(total, credit);
    const amount = total - creditApplied;
    const batch = db.batch();
    const allocation: Allocation[] = [];

    lines.forEach((line, i) => {
      const { raffle } = line;
      // Bonus tickets from a promo code come with the line and count like bought ones.
      const quantity = line.quantity + bonusOf(line);
      // A cancellation or a draw marks the raffle, then closes its pool in a transaction of its
      // own: one that committed since the raffle was read shows here, and one that commits
      // after these shards were read moves them, so this attempt's batch fails and the next
      // sees it. Either way no hold lands in a pool that nothing will release (and no card is
      // charged for it).
      const shards = offersNumberPicking(raffle) ? named[i]! : pools[i]!;
      refuseClosed(
        shards.map(({ shard }) => shard),
        raffle.id,
      );
      const holderSnapshot = holders[i]!;
      const holder = readHolder(holderSnapshot);
      refuseOverPerPerson(wanted(line), holder, now, messages);
      const writeHolder = () => {
        const holderData = {
          owned: holder.owned,
          holds: { ...pruneHolds(holder.holds, now), [sessionRef.id]: hold(quantity) },
        };
        if (holderSnapshot.exists) updateIfUnchanged(batch, holderSnapshot, holderData);
        else batch.create(holderRefs[i]!, holderData);
      };

      const namedHolds = named[i];
      if (namedHolds) {
        for (const { snapshot, shard, numbers } of namedHolds) {
          updateIfUnchanged(batch, snapshot, {
            holds: {
              ...pruneHolds(shard.holds, now),
              [sessionRef.id]: { ...hold(numbers.length), numbers },
            },
          });
          allocation.push({
            raffleId: raffle.id,
            shard: shard.index,
            quantity: numbers.length,
            numbers,
          });
        }
        writeHolder();
        return;
      }
      const room = (shard: Shard) => roomFor(shard, now, notForBuyer.get(raffle.id));
      const withRoom = shuffle(pools[i]!.filter(({ shard }) => room(shard) > 0));
      const available = withRoom.reduce((sum, { shard }) => sum + room(shard), 0);
      refuseOverAvailable(wanted(line), available, messages);
      let needed = quantity;
      for (const { snapshot, shard } of withRoom) {
        if (needed === 0) break;
        const take = Math.min(room(shard), needed);
        needed -= take;
        updateIfUnchanged(batch, snapshot, {
          holds: { ...pruneHolds(shard.holds, now), [sessionRef.id]: hold(take) },
        });
        allocation.push({ raffleId: raffle.id, shard: shard.index, quantity: take });
      }
      writeHolder();
    });
    if (profile && creditApplied > 0) {
      updateIfUnchanged(batch, profile, { accountCredit: credit - creditApplied });
    }
    if (promo && offer) {
      updateIfUnchanged(batch, promo.snapshot, { uses: offer.terms.uses + 1 });
      if (promo.customerSnapshot.exists) {
        updateIfUnchanged(batch, promo.customerSnapshot, { uses: promo.customerUses + 1 });
      } else {
        batch.create(promo.customerSnapshot.ref, { uses: 1 });
      }
    }
    const applied: AppliedPromo | null =
      promo && offer
        ? {
            code: promo.code,
            kind: offer.terms.kind,
            value: offer.terms.value,
            discount: offer.discount,
            bonusTickets: offer.bonusTickets,
            bonusRaffleId: offer.bonusRaffleId,
          }
        : null;
    if (lock?.exists) updateIfUnchanged(batch, lock, { lastReservation: sessionRef.id, at: now });
    else if (lock) batch.create(lockRef, { lastReservation: sessionRef.id, at: now });

    const session: CheckoutSessionData = {
      userId: uid,
      items: lines.map((line) => ({
        raffleId: line.raffle.id,
        name: line.raffle.name,
        quantity: line.quantity + bonusOf(line),
        unitPrice: priceOf(line),
        linePrice: charge(line),
        ...(bonusOf(line) > 0 ? { bonusTickets: bonusOf(line) } : {}),
      })),
      promo: applied,
      amount,
      status: 'pending',
      provider: amount === 0 ? 'free' : 'stripe',
      stripeSessionId: null,
      orderId: null,
      allocation,
      issued: [],
      paymentMethod: null,
      creditCardAllowance: amount === 0 ? null : creditCardAllowance,
      debitOnly: instantWin && amount > 0,
      creditApplied,
      expiresAt,
      createdAt: now,
      createdBy: options.byStaff ? STAFF_ENTRY : null,
      orderNumber: options.orderNumber ?? null,
    };
    batch.create(sessionRef, session);
    // Whether each answer was right stays beside the reservation, where its owner cannot read it.
    if (lines.some((line) => line.answerCorrect !== null)) {
      batch.create(db.doc(checkoutAnswersPath(sessionRef.id)), {
        answerCorrect: Object.fromEntries(
          lines.map((line) => [line.raffle.id, line.answerCorrect]),
        ),
      } satisfies CheckoutAnswers);
    }
    options.alsoWrite?.(batch, sessionRef.id);

    try {
      await batch.commit();
    } catch (error) {
      if (!isConflict(error)) throw error;
      if (options.sessionId && (await sessionRef.get()).exists) {
        throw new ShopError('already-exists', 'Already reserved', 'reservation-exists');
      }
      // Still losing every race: say so plainly (nothing was reserved) rather than fail.
      if (attempt === MAX_ATTEMPTS) throw new ShopError('aborted', CHECKOUT_MESSAGES.busy);
      // Back off, more each time, at random so racing buyers fall out of step.
      await new Promise((resolve) => setTimeout(resolve, backOffMs(attempt)));
      continue;
    }
    // Reserved. Whatever fails now is not a lost race to retry (this reservation exists): it
    // is let go at once, so its tickets, credit and code use do not wait for the expiry job.
    let { creditCardAllowance: allowance } = session;
    let changed = false;
    try {
      // The raffles read again, once, for both checks that need it.
      const watchPrizes = amount > 0 && !instantWin;
      const now =
        watchPrizes || options.watchTerms
          ? await db.getAll(...lines.map((line) => raffleRef(db, line.raffle.id)))
          : [];
      if (watchPrizes && prizesGivenMeanwhile(now)) {
        await sessionRef.update({ debitOnly: true, creditCardAllowance: 0 });
        allowance = 0;
      }
      changed = options.watchTerms === true && termsChanged(lines, now);
    } catch (error) {
      await releaseReservation(db, sessionRef.id, 'cancelled');
      throw error;
    }
    return {
      sessionId: sessionRef.id,
      amount,
      expiresAt,
      creditCardAllowance: allowance,
      creditApplied,
      promo: applied,
      termsChanged: changed,
    };
  }
}

/**
 * The instant prizes' numbers this buyer may not take, by raffle: only administrators' and
 * staff's (mayWinInstantly), who know where the prizes are, so their tickets never take one
 * (fulfilment gives them other numbers of the same shard). Read only for them.
 */
async function prizesNotForBuyer(
  db: Firestore,
  uid: string,
  lines: PricedLine[],
): Promise<Map<string, ReadonlySet<number>>> {
  const instant = lines.filter(({ raffle }) => raffle.instantWinCommitment !== null);
  if (instant.length === 0 || (await mayWinInstantly(uid))) return new Map();
  const prizes = await Promise.all(instant.map(({ raffle }) => readInstantPrizes(db, raffle)));
  return new Map(
    instant.map(({ raffle }, i) => [
      raffle.id,
      new Set((prizes[i] ?? []).map((prize) => prize.ticketNumber)),
    ]),
  );
}

/**
 * A shard's room for a buyer who may not take the numbers `prizes`: its free numbers but those.
 * Counted in, a shard whose only free number was a prize took a staff ticket, fulfilment found
 * no other number to give, and the paid checkout was refunded as expired.
 */
function roomFor(shard: Shard, now: Date, prizes: ReadonlySet<number> | undefined): number {
  const available = shardAvailable(shard, now);
  if (!prizes || available === 0) return available;
  const held = heldNumbers(shard.holds, now);
  const freePrizes = [...prizes].filter(
    (n) => shardCovers(shard, n) && !isNumberIssued(shard, n) && !held.has(n),
  ).length;
  return Math.max(0, available - freePrizes);
}

/**
 * True when a raffle read without instant prizes has them now (`now`: the raffles read again).
 * They are fixed once a ticket is held, but an administrator's save whose transaction read the
 * pool before this reservation's hold was in it may have added them after the raffle was read
 * for the checkout. Read again once the hold is committed (a save after it sees the hold and is
 * refused), so a basket that turned out to have an instant-win raffle is still paid by debit
 * card only.
 */
function prizesGivenMeanwhile(now: DocumentSnapshot[]): boolean {
  return now.some((raffle) => (raffle.data()?.instantPrizes.length ?? 0) > 0);
}

/** An update that fails unless the document is still as it was read. */
function updateIfUnchanged(batch: WriteBatch, snapshot: DocumentSnapshot, data: object): void {
  batch.update(snapshot.ref as DocumentReference, data, { lastUpdateTime: snapshot.updateTime! });
}
