import {
  type CheckoutSession,
  ShopError,
  CHECKOUT_MESSAGES,
  cartPath,
  cartSchema,
  checkoutAnswersPath,
  checkoutAnswersSchema,
  entriesPath,
  ineligiblePath,
  holderDisplayName,
  INSTANT_WIN_MESSAGES,
  instantWinText,
  activeHeld,
  heldNumbers,
  isNumberIssued,
  shardCovers,
  lowestFreeNumbers,
  mailCollection,
  notificationsPath,
  numberRuns,
  PUSH_MESSAGES,
  SHOP_PAGES,
  ordersCollection,
  orderSearchTerms,
  parseDocument,
  perUserLimit,
  pruneHolds,
  shardAvailable,
  raffleSchema,
  rafflePath,
  reservationLineTotal,
  ticketId,
  ticketShares,
  ticketsCollection,
  timestampsToDates,
  withNumbersIssued,
  type CardFunding,
  type CartItem,
  type ReservationItem,
  type FulfilmentOutput,
  type IneligibleTicket,
  type IssuedRange,
  type OrderData,
  type OrderPaymentMethod,
  type RaffleSnapshot,
  type TicketData,
  ukToday,
} from '@rafflewin/domain';
import type {
  DocumentReference,
  Firestore,
  Timestamp,
  Transaction,
} from 'firebase-admin/firestore';
import { orderConfirmationMail } from '../mail/templates';
import { notificationData } from '../notifications/notify';
import { holderRef, readHolder, readShard, shardRef } from '../pool/shards';
import {
  instantWinsAmong,
  mayWinInstantly,
  readInstantPrizes,
  recordInstantWins,
} from '../instantWins/instantWins';
import { scatteredNumbers } from '../pool/scatter';
import { moveCheckoutLock, releaseReservation } from './release';
import { checkoutLockRef, readSession, sessionRef } from './sessions';
import { profileRef, raffleRef } from '../../lib/collections';
import { isAlreadyExists, retryTransient } from '../../lib/firestore';

/**
 * Up to three writes per ticket (ticket, entry, and an ineligible mark after a wrong answer);
 * batches stay well under Firestore's limits.
 */
const TICKETS_PER_BATCH = 200;

export interface Payment {
  method: OrderPaymentMethod;
  /** How a card payment was funded (credit-card spending is capped each month). */
  cardFunding?: CardFunding;
  /** The Stripe PaymentIntent, so refunds and disputes made at Stripe find the order. */
  paymentIntentId?: string | null;
}

/**
 * Test-only fault injection (tests/functions/interruptedFulfilment.test.ts calls the service
 * directly): no production caller passes options, and nothing outside the process can.
 */
export interface FulfilOptions {
  /** Crash once this many tickets (and their entries) are written, before the rest and the order. */
  failAfterTickets?: number;
  /**
   * A claim's checks were made against the customer's checkout lock as it was then (its update
   * time, null when none): a stop that moved it since (a play break, a ban, a lower limit)
   * refuses the issue (reason `checks-moved`) for the claim to check again.
   */
  checkedAtLock?: Timestamp | null;
}

/** "RW-260702-ABC123": the UK date the checkout began (yymmdd) and the reservation's id. */
export function orderNumber(sessionId: string, now: Date): string {
  const day = ukToday(now).slice(2).replace(/-/g, '');
  return `RW-${day}-${sessionId.slice(0, 6).toUpperCase()}`;
}

/**
 * Step 1, one transaction: turns the reservation's holds into issued ticket numbers. Each
 * shard issues free numbers from its own range (its lowest, or at random in a raffle with
 * instant prizes: see IssueRule) and records them as issued, so numbers are unique per raffle.
 * A reservation made by an administrator's ticket add arrives here with its numbers already
 * issued (status `fulfilling`).
 * Returns the issued ranges; a reservation already past this step returns what it was issued.
 */
async function issueNumbers(
  db: Firestore,
  sessionId: string,
  payment: Payment,
  rules: ReadonlyMap<string, IssueRule>,
  now: Date,
  checkedAtLock?: Timestamp | null,
) {
  return db.runTransaction(async (tx) => {
    const ref = sessionRef(db, sessionId);
    const session = readSession(await tx.get(ref));
    if (!session) throw new ShopError('not-found', CHECKOUT_MESSAGES.reservationNotFound);
    if (session.status === 'fulfilling' || session.status === 'fulfilled') return session;
    if (session.status !== 'pending') {
      throw new ShopError(
        'failed-precondition',
        CHECKOUT_MESSAGES.reservationExpired,
        'reservation-expired',
      );
    }
    if (checkedAtLock !== undefined) {
      // Read in the transaction: a stop committed since the claim's checks shows here, and one
      // committing now waits for this or makes it run again (and then shows).
      const lock = await tx.get(checkoutLockRef(db, session.userId));
      const seen = lock.updateTime ?? null;
      if (!(seen === checkedAtLock || (seen && checkedAtLock && seen.isEqual(checkedAtLock)))) {
        throw new ShopError('aborted', CHECKOUT_MESSAGES.busy, 'checks-moved');
      }
    }

    const shardKeys = [...new Set(session.allocation.map((a) => `${a.raffleId}/${a.shard}`))];
    const raffleIds = [...new Set(session.items.map((item) => item.raffleId))];
    // One read for all, so locks are taken together (no deadlock with other buyers).
    const snapshots = await tx.getAll(
      ...shardKeys.map((key) => {
        const [raffleId = '', index = '0'] = key.split('/');
        return shardRef(db, raffleId, Number(index));
      }),
      ...raffleIds.map((raffleId) => holderRef(db, raffleId, session.userId)),
    );
    const shardSnaps = snapshots.slice(0, shardKeys.length);
    const holderSnaps = snapshots.slice(shardKeys.length);

    const issued: IssuedRange[] = [];
    shardKeys.forEach((key, i) => {
      const snap = shardSnaps[i]!;
      const shard = readShard(snap);
      // The raffle was drawn or cancelled (its pool closed) before this payment issued its
      // numbers: a draw closes the pool in the transaction that checks it has not moved, so
      // numbers are issued either before a draw (which then waits for them) or not at all.
      if (shard.closed) {
        throw new ShopError('failed-precondition', CHECKOUT_MESSAGES.ended, 'raffle-closed');
      }
      const parts = session.allocation.filter((a) => `${a.raffleId}/${a.shard}` === key);
      const quantity = parts.reduce((sum, a) => sum + a.quantity, 0);
      // Numbers held by name (number picking): issued exactly as held.
      const named = parts.flatMap((a) => a.numbers ?? []);
      const holds = { ...shard.holds };
      const held = holds[sessionId];
      delete holds[sessionId];
      const heldByOthers = heldNumbers(holds, now);
      // A hold that lapsed (payment finished right at the deadline) is honoured only while the
      // shard still has room and its numbers are still free; otherwise nothing is issued and
      // the payment must be refunded. A lapsed hold may still be in the shard (Add Tickets
      // leaves holds as they are): it no longer counts as room.
      const live = held !== undefined && held.expiresAt.getTime() > now.getTime();
      // A number is gone when issued, held by another, or no longer in the shard at all (the
      // raffle's maximum lowered past it, which a lapsed hold does not stop).
      const lapsedAndGone =
        !live &&
        (shardAvailable(shard, now) < quantity ||
          named.some(
            (n) => !shardCovers(shard, n) || isNumberIssued(shard, n) || heldByOthers.has(n),
          ));
      if (lapsedAndGone) {
        throw new ShopError(
          'failed-precondition',
          CHECKOUT_MESSAGES.reservationExpired,
          'reservation-expired',
        );
      }
      const raffleId = key.split('/')[0]!;
      const scatter = rules.get(raffleId)?.scatter;
      // A number held by name is issued as held, but not in a raffle with instant prizes: an
      // administrator who set them knows where they are (offersNumberPicking). A raffle with
      // prizes takes no picks; a hold by name there is one made before they were set, whose
      // payment came after the hold lapsed, and it is issued numbers at random like any other.
      const kept = scatter ? [] : named;
      const dip = (count: number, exclude: Iterable<number>) =>
        scatteredNumbers(
          [{ shard: { ...shard, holds } }],
          count,
          shard.start,
          new Set(exclude),
          now,
        ).get(shard.index) ?? [];
      const wanted = quantity - kept.length;
      const dipped = scatter ? dip(wanted, scatter.skip) : [];
      // A wrong answer's tickets go around the prizes while the shard has other numbers; when
      // only prizes are left, they take those and forfeit them (see fulfilOnce), rather than a
      // payment made in time being refunded as late. (Staff, whose wins would go unrecorded,
      // never take one: prizesLast false.)
      if (scatter?.prizesLast && dipped.length < wanted) {
        dipped.push(...dip(wanted - dipped.length, dipped));
      }
      const numbers = [
        ...kept,
        ...(scatter
          ? dipped
          : // The lowest free numbers: in sequence, reusing released ones and stepping over
            // numbers an administrator placed by hand or another reservation holds by name.
            lowestFreeNumbers(
              shard,
              quantity - kept.length,
              shard.start,
              new Set([...heldByOthers, ...named]),
            )),
      ].sort((a, b) => a - b);
      if (numbers.length < quantity) {
        throw new ShopError(
          'failed-precondition',
          CHECKOUT_MESSAGES.reservationExpired,
          'reservation-expired',
        );
      }
      issued.push(...numberRuns(numbers).map((run) => ({ raffleId, ...run })));
      const next = withNumbersIssued(shard, numbers);
      tx.update(snap.ref, {
        sold: next.sold,
        taken: next.taken,
        freed: next.freed,
        holds: pruneHolds(holds, now),
      });
    });
    raffleIds.forEach((raffleId, i) => {
      const holder = readHolder(holderSnaps[i]!);
      const quantity = session.items
        .filter((item) => item.raffleId === raffleId)
        .reduce((sum, item) => sum + item.quantity, 0);
      const holds = { ...holder.holds };
      const own = holds[sessionId];
      delete holds[sessionId];
      // A payment honoured after its hold lapsed: the customer may have reserved again
      // meanwhile, so the raffle's maximum per person is checked again, as at reservation.
      const limit = rules.get(raffleId)?.limit;
      const lapsed = !own || own.expiresAt.getTime() <= now.getTime();
      if (
        lapsed &&
        limit !== undefined &&
        holder.owned + activeHeld(holds, now) + quantity > limit
      ) {
        throw new ShopError(
          'failed-precondition',
          CHECKOUT_MESSAGES.reservationExpired,
          'reservation-expired',
        );
      }
      tx.set(holderRef(db, raffleId, session.userId), {
        owned: holder.owned + quantity,
        holds: pruneHolds(holds, now),
      });
    });
    const paid = {
      status: 'fulfilling' as const,
      issued,
      paymentMethod: payment.method,
      cardFunding: payment.cardFunding ?? null,
      paymentIntentId: payment.paymentIntentId ?? null,
    };
    tx.update(ref, paid);
    return { ...session, ...paid };
  });
}

/** The raffles of a reservation as they are now, one read each. */
export function reservationRaffles(db: Firestore, session: Pick<CheckoutSession, 'items'>) {
  const ids = [...new Set(session.items.map((item) => item.raffleId))];
  return Promise.all(ids.map((id) => raffleRef(db, id).get()));
}

/** Whether any of these raffles was cancelled or drawn: no numbers are issued in it then. */
export const anyClosed = (raffles: Array<{ data(): { drawStatus: string } | undefined }>) =>
  raffles.some((raffle) => raffle.data()?.drawStatus !== 'pending');

/**
 * How a raffle's numbers are issued to a reservation. `limit`: the raffle's maximum per person,
 * which a payment whose hold lapsed is checked against. `scatter`: set in a raffle with instant
 * prizes, whose numbers are then free numbers at random rather than the lowest: in sequence,
 * an administrator (who knows where the prizes are) could see who the next prize number will
 * go to and steer it, by the moment of a purchase or by entering and deleting entries first.
 * Its `skip` holds the prize numbers when the buyer may not win them (administrators and staff:
 * mayWinInstantly; a wrong answer to the skill question, whose tickets are not in the draw), so
 * their tickets never take a prize off the shop while another number is free. `prizesLast`: a
 * wrong answer's tickets take prizes' numbers when nothing else is left, and forfeit them (see
 * fulfilOnce); staff's never do.
 */
interface IssueRule {
  limit: number;
  scatter: { skip: ReadonlySet<number>; prizesLast: boolean } | null;
}

/** Who the tickets are issued to: their answers, and whether they are staff. */
interface Buyer {
  answerCorrect: Record<string, boolean | null>;
  /** An administrator or staff (`mayWinInstantly` false): no instant prize, out of the draw. */
  staff: boolean;
}

async function readBuyer(db: Firestore, sessionId: string, userId: string): Promise<Buyer> {
  const [mayWin, answers] = await Promise.all([
    mayWinInstantly(userId),
    db.doc(checkoutAnswersPath(sessionId)).get(),
  ]);
  const answerCorrect = answers.exists
    ? parseDocument(checkoutAnswersSchema, answers.data(), answers.id).answerCorrect
    : {};
  return { answerCorrect, staff: !mayWin };
}

/**
 * A payment for a reservation whose raffle was cancelled or drawn meanwhile issues no tickets:
 * refused with the reason `raffle-closed` (the webhook then refunds it in full). Only before
 * numbers are issued; a fulfilment already under way completes. (Cancelling also releases
 * pending reservations first, so this is the narrow case of a payment racing a cancellation.)
 * Answers how each raffle's numbers are issued, and the buyer (read once per fulfilment). A
 * raffle's instant prizes are fixed once a ticket is held, so reading them here, before the
 * transaction, is safe.
 */
async function issueRules(
  db: Firestore,
  sessionId: string,
): Promise<{ rules: Map<string, IssueRule>; buyer: Buyer | null }> {
  const session = readSession(await sessionRef(db, sessionId).get());
  if (session?.status !== 'pending') return { rules: new Map(), buyer: null };
  const [raffles, buyer] = await Promise.all([
    reservationRaffles(db, session),
    readBuyer(db, sessionId, session.userId),
  ]);
  if (anyClosed(raffles)) {
    throw new ShopError('failed-precondition', CHECKOUT_MESSAGES.ended, 'raffle-closed');
  }
  const { answerCorrect } = buyer;
  const mayWinAtAll = !buyer.staff;
  const rules = await Promise.all(
    raffles.map(async (raffle): Promise<[string, IssueRule] | null> => {
      const data = raffle.data();
      if (!data) return null;
      const { instantWinCommitment } = data;
      const prizes = instantWinCommitment
        ? ((await readInstantPrizes(db, { id: raffle.id, instantWinCommitment })) ?? [])
        : null;
      // A wrong answer's tickets are not in the draw, and win no instant prize either.
      const mayWin = mayWinAtAll && answerCorrect[raffle.id] !== false;
      const skip = new Set(mayWin ? [] : (prizes ?? []).map((prize) => prize.ticketNumber));
      const scatter = prizes ? { skip, prizesLast: mayWinAtAll } : null;
      return [raffle.id, { limit: perUserLimit(data), scatter }];
    }),
  );
  return { rules: new Map(rules.filter((rule) => rule !== null)), buyer };
}

/**
 * The cart once the paid quantities are taken off (lines paid in full disappear). A promo
 * code's bonus tickets were never in the cart: tickets added to it while this was paid stay.
 */
function withoutPaidLines(items: CartItem[], paid: ReservationItem[]): CartItem[] {
  return items
    .map((item) => {
      const bought = paid
        .filter((line) => line.raffleId === item.raffleId)
        .reduce((sum, line) => sum + line.quantity - (line.bonusTickets ?? 0), 0);
      return { ...item, quantity: item.quantity - bought };
    })
    .filter((item) => item.quantity > 0);
}

function numbersOf(ranges: IssuedRange[], raffleId: string): number[] {
  return ranges
    .filter((range) => range.raffleId === raffleId)
    .flatMap((range) => Array.from({ length: range.to - range.from + 1 }, (_, i) => range.from + i))
    .sort((a, b) => a - b);
}

/**
 * Fulfils a paid or free reservation: issues the ticket numbers, writes the tickets, the
 * public entries and the order, and queues the confirmation e-mail. The one path for the
 * Stripe webhook, free claims, postal and admin entries. Idempotent and
 * resumable: every document has a derived id, so running it again (a redelivered webhook, a
 * retry after a crash half-way) completes what is missing and never issues numbers twice.
 */
export async function fulfilReservation(
  db: Firestore,
  sessionId: string,
  payment: Payment,
  options: FulfilOptions = {},
): Promise<FulfilmentOutput> {
  // Being resumable, it simply runs again when a busy raffle's transaction fails for a moment
  // (many buyers paying at once), rather than leave the payment to Stripe's next delivery.
  return retryTransient(() => fulfilOnce(db, sessionId, payment, options));
}

/**
 * Fulfils a reservation the server made for someone (an administrator's entry, a postcard)
 * or, when no numbers could be issued (the raffle closed meanwhile, say), gives its tickets
 * back at once rather than hold them for 30 minutes; the refusal is thrown on.
 */
export async function fulfilOrGiveBack(
  db: Firestore,
  sessionId: string,
  payment: Payment,
): Promise<FulfilmentOutput> {
  try {
    return await fulfilReservation(db, sessionId, payment);
  } catch (error) {
    const session = readSession(await sessionRef(db, sessionId).get());
    if (session?.status === 'pending') await releaseReservation(db, sessionId, 'cancelled');
    throw error;
  }
}

/** One ticket of a reservation: its document, and the writes that issue it with its entry. */
interface TicketWrite {
  ticket: DocumentReference;
  /** Writes the ticket (created, or set when this run has read that it is not there). */
  write: (tx: Transaction, create: boolean) => void;
}

/**
 * Writes a part of the tickets in a transaction that reads the reservation: true when another
 * delivery of the payment has completed the order meanwhile, and nothing is written. A
 * transaction, not a blind write: that order's tickets may since have been refunded, voided or
 * deleted, and a late run must not bring them back into the draw.
 *
 * The tickets are created, which fails if one exists (a run resumed after a crash, or racing
 * another): the part is then written again reading its tickets, leaving those already written
 * (each with its entry, in one commit) as they are now. The common case reads one document.
 */
async function writeTicketPart(
  db: Firestore,
  sessionId: string,
  part: TicketWrite[],
): Promise<boolean> {
  try {
    return await db.runTransaction(async (tx) => {
      const current = readSession(await tx.get(sessionRef(db, sessionId)));
      if (current?.status === 'fulfilled') return true;
      part.forEach(({ write }) => write(tx, true));
      return false;
    });
  } catch (error) {
    if (!isAlreadyExists(error)) throw error;
  }
  return db.runTransaction(async (tx) => {
    const [current, ...tickets] = await tx.getAll(
      sessionRef(db, sessionId),
      ...part.map(({ ticket }) => ticket),
    );
    if (readSession(current!)?.status === 'fulfilled') return true;
    part.forEach(({ write }, i) => {
      if (!tickets[i]!.exists) write(tx, false);
    });
    return false;
  });
}

async function fulfilOnce(
  db: Firestore,
  sessionId: string,
  payment: Payment,
  options: FulfilOptions,
): Promise<FulfilmentOutput> {
  const now = new Date();
  const { rules, buyer: readFirst } = await issueRules(db, sessionId);
  const session = await issueNumbers(db, sessionId, payment, rules, now, options.checkedAtLock);
  const orderId = sessionId;
  const number = session.orderNumber ?? orderNumber(sessionId, session.createdAt);
  const ticketNumbers = Object.fromEntries(
    session.items.map((item) => [item.raffleId, numbersOf(session.issued, item.raffleId)]),
  );
  if (session.status === 'fulfilled') return { orderId, orderNumber: number, ticketNumbers };

  const [profile, buyer, ...raffleSnapshots] = await Promise.all([
    profileRef(db, session.userId).get(),
    readFirst ?? readBuyer(db, sessionId, session.userId),
    ...session.items.map((item) => db.doc(rafflePath(item.raffleId)).get()),
  ]);
  const raffles = session.items.map((item, i) =>
    parseDocument(raffleSchema, raffleSnapshots[i]?.data(), item.raffleId),
  );
  const { answerCorrect } = buyer;
  const holderName = (n: number) =>
    holderDisplayName(profile?.data()?.firstName, profile?.data()?.lastName, n);

  const writes: TicketWrite[] = [];
  session.items.forEach((item, i) => {
    const raffle = raffles[i]!;
    const snapshot: RaffleSnapshot = {
      name: raffle.name,
      category: raffle.category,
      imageUrl: raffle.imageUrl,
      endDate: raffle.endDate,
      ticketPrice: item.unitPrice,
    };
    // A wrong answer is recorded where only the draw and administrators look (ineligible/).
    const wrongAnswer = answerCorrect[item.raffleId] === false;
    const numbers = ticketNumbers[item.raffleId] ?? [];
    const shares = ticketShares(reservationLineTotal(item), numbers.length);
    numbers.forEach((ticketNumber, index) => {
      const ticket: TicketData = {
        userId: session.userId,
        raffleId: item.raffleId,
        ticketNumber,
        orderId,
        purchaseDate: session.createdAt,
        raffle: snapshot,
        status: 'active',
        paidPrice: shares[index]!,
        issuedToStaff: buyer.staff,
      };
      const ticketRef = db.collection(ticketsCollection).doc(ticketId(item.raffleId, ticketNumber));
      writes.push({
        ticket: ticketRef,
        write: (tx, create) => {
          if (create) tx.create(ticketRef, ticket);
          else tx.set(ticketRef, ticket);
          tx.set(db.collection(entriesPath(item.raffleId)).doc(String(ticketNumber)), {
            ticketNumber,
            holderName: holderName(ticketNumber),
            category: raffle.category,
          });
          if (wrongAnswer) {
            tx.set(db.collection(ineligiblePath(item.raffleId)).doc(String(ticketNumber)), {
              ticketNumber,
              reason: 'wrong-answer',
              recordedAt: session.createdAt,
            } satisfies IneligibleTicket);
          }
        },
      });
    });
  });
  const stopAt = Math.min(writes.length, options.failAfterTickets ?? writes.length);
  for (let start = 0; start < stopAt; start += TICKETS_PER_BATCH) {
    const part = writes.slice(start, Math.min(start + TICKETS_PER_BATCH, stopAt));
    // Nothing is written once the order is complete: the run that completed it wrote the order.
    if (await writeTicketPart(db, sessionId, part)) {
      return { orderId, orderNumber: number, ticketNumbers };
    }
  }
  if (options.failAfterTickets !== undefined) {
    throw new Error(`Injected failure after ${stopAt} tickets`);
  }

  // Tickets that landed on an instant prize win it now. A wrong answer's tickets win nothing:
  // their numbers skip the prizes while their shard has others; a prize one takes when only
  // prizes are left is forfeited (recorded void, marked won on the public list, never told or
  // paid).
  const instantWins = await Promise.all(
    session.items.map(async (item, i) => ({
      raffleId: item.raffleId,
      raffleName: item.name,
      wins: await instantWinsAmong(
        db,
        raffles[i]!,
        ticketNumbers[item.raffleId] ?? [],
        session.userId,
      ),
      forfeited: answerCorrect[item.raffleId] === false,
    })),
  );
  const winsOf = (raffleId: string) =>
    instantWins.find((line) => line.raffleId === raffleId && !line.forfeited)?.wins ?? [];

  const order: OrderData = {
    orderNumber: number,
    userId: session.userId,
    userEmail: profile?.data()?.email ?? '',
    status: 'completed',
    paymentStatus: 'paid',
    paymentMethod: payment.method,
    items: session.items.map((item) => ({
      raffleId: item.raffleId,
      name: item.name,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      totalPrice: reservationLineTotal(item),
      ...(item.bonusTickets ? { bonusTickets: item.bonusTickets } : {}),
      ...(winsOf(item.raffleId).length > 0 ? { instantWins: winsOf(item.raffleId) } : {}),
      ticketNumbers: ticketNumbers[item.raffleId] ?? [],
    })),
    totalAmount: session.amount,
    checkoutSessionId: sessionId,
    // As recorded when the numbers were issued: a fulfilment finished by someone else (a raffle
    // cancellation) has no payment of its own to say.
    cardFunding: payment.cardFunding ?? session.cardFunding ?? null,
    paymentIntentId: payment.paymentIntentId ?? session.paymentIntentId ?? null,
    creditApplied: session.creditApplied,
    promo: session.promo,
    createdAt: session.createdAt,
    updatedAt: now,
    searchTerms: orderSearchTerms(
      number,
      session.items.map((item) => item.name),
    ),
  };
  await db.runTransaction(async (tx) => {
    const ref = sessionRef(db, sessionId);
    // A shopper's own checkout takes what was paid for out of their cart, here on the server
    // (not by whichever page the browser reaches after paying); an administrator's entry or a
    // postal entry leaves the cart alone.
    const ownCheckout = session.createdBy === null && payment.method !== 'Postal Entry';
    const cart = ownCheckout ? db.doc(cartPath(session.userId)) : null;
    const [current, cartSnapshot] = await Promise.all([
      tx.get(ref).then(readSession),
      cart ? tx.get(cart) : null,
    ]);
    if (current?.status === 'fulfilled') return;
    await recordInstantWins(db, tx, instantWins, { userId: session.userId, orderId }, now);
    const items = cartSnapshot?.exists
      ? cartSchema.safeParse(timestampsToDates(cartSnapshot.data()))
      : null;
    if (cart && items?.success) {
      tx.update(cart, { items: withoutPaidLines(items.data.items, session.items), updatedAt: now });
    }
    tx.set(db.collection(ordersCollection).doc(orderId), order);
    if (order.userEmail) {
      tx.set(
        db.collection(mailCollection).doc(`order-${orderId}`),
        orderConfirmationMail(order, orderId, now),
      );
    }
    const issued = Object.values(ticketNumbers).reduce((sum, numbers) => sum + numbers.length, 0);
    tx.set(
      db.collection(notificationsPath(session.userId)).doc(`order-${orderId}`),
      notificationData(
        {
          type: 'account',
          kind: 'order',
          title: PUSH_MESSAGES.orderConfirmedTitle,
          message: PUSH_MESSAGES.orderConfirmed(number, issued),
          link: SHOP_PAGES.order(orderId),
        },
        now,
      ),
    );
    for (const win of instantWins.flatMap((line) => (line.forfeited ? [] : line.wins))) {
      tx.set(
        db
          .collection(notificationsPath(session.userId))
          .doc(`instant-${orderId}-${win.ticketNumber}`),
        notificationData(
          {
            type: 'account',
            kind: 'order',
            title: INSTANT_WIN_MESSAGES.wonTitle,
            message: instantWinText(win),
            link: SHOP_PAGES.order(orderId),
          },
          now,
        ),
      );
    }
    tx.update(ref, { status: 'fulfilled', orderId });
    // The payment moves from the customer's open checkouts to their orders here: a checkout
    // of theirs whose limit check read the one before this commit and the other after it
    // counted it in neither, and fails and checks again (reserve.ts reads the lock first).
    moveCheckoutLock(tx, db, session.userId, now);
  });
  return { orderId, orderNumber: number, ticketNumbers };
}
