import {
  DELETED_USER_ID,
  ORDER_REFUND_MESSAGES,
  RAFFLE_MESSAGES,
  ShopError,
  formatPence,
  mailCollection,
  notificationsPath,
  ordersCollection,
  orderSchema,
  parseDocument,
  refundsToldPath,
  ticketsCollection,
  type CancelRaffleOutput,
  type Order,
  type OrderRefund,
  type Raffle,
  ticketSchema,
  pendingTicketRefunds,
  creditNotGivenBack,
  spendReturnedAfter,
  refundedWithout,
} from '@rafflewin/domain';
import {
  FieldPath,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/v2';
import type { Caller } from '../../lib/access';
import { raffleCostLeft, returnCredit } from '../account/credit';
import { recordAudit } from '../admin/audit';
import { withdrawRaffleSlides } from '../carousel/slides';
import { fulfilReservation } from '../checkout/fulfil';
import { releaseReservation } from '../checkout/release';
import { fulfilmentsUnderWay, readSession, sessionRef } from '../checkout/sessions';
import { queuedMail } from '../mail/templates';
import { shardRef } from '../pool/shards';
import { notificationData } from '../notifications/notify';
import { settleRefundedAtStripe } from '../payments/moneyBack';
import { closeReleasedPage, refundPayment, refundRefused } from '../payments/refundPayment';
import { raffleRef, readPoolIn, readRaffle } from './raffleRecords';
import { entriesRef, profileRef, ticketsRef } from '../../lib/collections';
import { hasCode } from '../../lib/errorCode';
import { converterFor } from '../../lib/firestore';
import { errorFields } from '../../lib/logging';

/** Ticket writes per batch: two writes each (the ticket and its public entry). */
const VOID_BATCH = 200;
/** Orders refunded at once. */
const REFUND_CONCURRENCY = 5;

const readOrder = (snapshot: DocumentSnapshot): Order | null =>
  snapshot.exists ? parseDocument(orderSchema, snapshot.data(), snapshot.id) : null;

/** Step 1: the raffle is switched off and marked cancelled (kept from the first run). */
async function markCancelled(db: Firestore, admin: Caller, raffleId: string, now: Date) {
  return db.runTransaction(async (tx) => {
    const ref = raffleRef(db, raffleId);
    const raffle = readRaffle(await tx.get(ref));
    // Drawn: its winner and entry list are published; only an undrawn raffle can be cancelled.
    if (raffle.drawStatus === 'drawn' || raffle.drawStatus === 'no-entries') {
      throw new ShopError('failed-precondition', RAFFLE_MESSAGES.drawnNoCancel);
    }
    const cancelledAt = raffle.cancelledAt ?? now;
    // Never drawn: the scheduled draws skip it and its draw page says it was cancelled.
    tx.update(ref, { active: false, cancelledAt, drawStatus: 'cancelled', updatedAt: now });
    recordAudit(
      db,
      tx,
      admin,
      {
        action: 'raffle.cancel',
        target: ref.path,
        before: { active: raffle.active, cancelledAt: raffle.cancelledAt ?? null },
        after: { active: false, cancelledAt },
      },
      now,
    );
    return { ...raffle, active: false, cancelledAt };
  });
}

/**
 * Step 2: the pool closes (a payment that has not issued its numbers yet is refused from now
 * on, in the same transaction that would issue them, and refunded), and checkouts still
 * holding tickets are released, and their Stripe pages closed.
 */
async function releaseHolds(db: Firestore, raffleId: string, now: Date): Promise<void> {
  const held = await db.runTransaction(async (tx) => {
    const shards = await readPoolIn(tx, db, raffleId);
    shards.forEach((shard) => tx.update(shardRef(db, raffleId, shard.index), { closed: true }));
    return shards.flatMap((shard) => Object.keys(shard.holds));
  });
  for (const sessionId of new Set(held)) {
    const session = readSession(await sessionRef(db, sessionId).get());
    // The page as the release found it (a checkout still opening records none after).
    const released = await releaseReservation(db, sessionId, 'cancelled', now);
    await closeReleasedPage((released ?? session)?.stripeSessionId ?? null);
  }
}

/**
 * Step 3: payments that issued their numbers before the pool closed but are still being
 * fulfilled (tickets or order not written yet) are completed first, so that their tickets are
 * voided and their orders refunded with the rest. Answers those it could not complete.
 */
async function completeFulfilments(db: Firestore, raffleId: string): Promise<string[]> {
  const failed: string[] = [];
  for (const session of await fulfilmentsUnderWay(db, raffleId)) {
    try {
      await fulfilReservation(db, session.id, { method: session.paymentMethod ?? 'Card' });
    } catch (error) {
      logger.error('A fulfilment could not be completed; run the cancellation again', {
        sessionId: session.id,
        raffleId,
        ...errorFields(error),
      });
      failed.push(session.id);
    }
  }
  return failed;
}

/** Step 4: every active ticket becomes void and leaves the public entry list. */
async function voidTickets(db: Firestore, raffleId: string): Promise<number> {
  let voided = 0;
  for (;;) {
    const page = await ticketsRef(db)
      .where('raffleId', '==', raffleId)
      .where('status', '==', 'active')
      .limit(VOID_BATCH)
      .get();
    if (page.empty) return voided;
    const batch = db.batch();
    for (const ticket of page.docs) {
      batch.update(ticket.ref, { status: 'void' });
      batch.delete(entriesRef(db, raffleId).doc(String(ticket.data().ticketNumber)));
    }
    await batch.commit();
    voided += page.size;
  }
}

/** The field of `tickets` that names the order (a projection). */
const ticketOrder = converterFor(ticketSchema.pick({ orderId: true }));
type TicketOrder = { orderId: string; id: string };

/** The orders that bought tickets in the raffle, from its tickets (void ones included). */
async function orderIdsOf(db: Firestore, raffleId: string): Promise<string[]> {
  const ids = new Set<string>();
  let after: QueryDocumentSnapshot<TicketOrder> | null = null;
  for (;;) {
    let query = db
      .collection(ticketsCollection)
      .where('raffleId', '==', raffleId)
      .orderBy(FieldPath.documentId())
      .select('orderId')
      .withConverter(ticketOrder)
      .limit(1000);
    if (after) query = query.startAfter(after);
    const page = await query.get();
    page.docs.forEach((doc) => ids.add(doc.data().orderId));
    if (page.size < 1000) return [...ids];
    after = page.docs[page.docs.length - 1]!;
  }
}

interface LineRefund {
  orderId: string;
  userId: string;
  refund: OrderRefund;
  /** False when an earlier run had already refunded it. */
  isNew: boolean;
}

/**
 * Works out how the raffle's lines of the order come back (refundSplit) on the order as it is
 * now, and before Stripe is asked to refund the card part counts it in the order's
 * `refundedAmount` (a claim in `refundClaims`, once however often it runs), so that Stripe's
 * `charge.refunded` for it, which may come before the refund is recorded, is taken for the
 * shop's own and not for one made in Stripe's dashboard. Answers the split; an earlier run's
 * claim stands (the same amount, as Stripe's idempotency key needs).
 */
async function claimCardRefund(
  db: Firestore,
  ref: DocumentReference,
  raffleId: string,
): Promise<{ card: number; credit: number }> {
  return db.runTransaction(async (tx) => {
    const current = readOrder(await tx.get(ref));
    if (!current || current.refunds?.[raffleId]) return { card: 0, credit: 0 };
    // An administrator's refund of some of its tickets is under way (claimed before the raffle
    // was cancelled): what it gives back is known only once Stripe answers it, and a refusal
    // takes it back. Left for the next run (failedOrders), which then refunds what it did not.
    const pending = pendingTicketRefunds(current).some(
      (refund) => refund.costByRaffle[raffleId] !== undefined,
    );
    if (pending) throw new ShopError('aborted', ORDER_REFUND_MESSAGES.inProgress);
    const split = refundSplit(current, raffleId);
    const claims = current.refundClaims ?? {};
    if (split.card > 0 && current.paymentMethod === 'Card' && claims[raffleId] === undefined) {
      tx.update(ref, {
        refundClaims: { ...claims, [raffleId]: split.card },
        refundedAmount: (current.refundedAmount ?? 0) + split.card,
      });
    }
    return split;
  });
}

/** Takes back a claim (claimCardRefund) when Stripe refused the refund. */
async function dropCardRefundClaim(
  db: Firestore,
  ref: DocumentReference,
  raffleId: string,
): Promise<void> {
  await db.runTransaction(async (tx) => {
    const current = readOrder(await tx.get(ref));
    const { [raffleId]: claimed, ...others } = current?.refundClaims ?? {};
    if (!current || claimed === undefined) return;
    tx.update(ref, { refundClaims: others, refundedAmount: refundedWithout(current, claimed) });
  });
}

/**
 * Step 5, per order: refunds the raffle's lines of the order once. The order records the
 * refund under the raffle's id in the same transaction as its audit entry; an order that
 * already has it is skipped, and the Stripe call is keyed by order and raffle, so neither a
 * second run nor a crash between the call and the record refunds twice. An order whose every
 * line is refunded becomes cancelled (and refunded, when money went back).
 */
async function refundOrderLines(
  db: Firestore,
  admin: Caller,
  orderId: string,
  raffleId: string,
  now: Date,
  settled = false,
): Promise<LineRefund | null> {
  const ref = db.collection(ordersCollection).doc(orderId);
  const order = readOrder(await ref.get());
  if (!order) return null;
  const existing = order.refunds?.[raffleId];
  if (existing) return { orderId, userId: order.userId, refund: existing, isNew: false };
  const { card, credit } = await claimCardRefund(db, ref, raffleId);
  let outcome: Awaited<ReturnType<typeof refundPayment>>;
  try {
    outcome = await refundPayment(db, orderId, order, raffleId, card);
  } catch (error) {
    // Without Stripe's answer the refund may have been made: the claim stays, and the next run
    // (failedOrders) asks again with the same key.
    if (!refundRefused(error)) throw error;
    await dropCardRefundClaim(db, ref, raffleId);
    const refundedAtStripe = hasCode(error, 'charge_already_refunded');
    if (!refundedAtStripe || !order.paymentIntentId || settled) throw error;
    // Refunded in full in Stripe's dashboard, its event not handled yet or taken for this
    // refund's claim: settled now as that event would have been (the tickets void, the order
    // refunded), then the lines come back as any such order's do (its credit only).
    await settleRefundedAtStripe(db, order.paymentIntentId);
    return refundOrderLines(db, admin, orderId, raffleId, now, true);
  }

  return db.runTransaction(async (tx) => {
    const current = readOrder(await tx.get(ref));
    if (!current) return null;
    const recorded = current.refunds?.[raffleId];
    if (recorded) return { orderId, userId: current.userId, refund: recorded, isNew: false };
    // Credit goes back as credit, once: recorded with the refund in this transaction. A
    // dispute or a refund made in Stripe's dashboard told while Stripe was asked (voidOrder)
    // gave back the credit it found the order still owed, this raffle's included: only what
    // the order still owes goes back now.
    const creditBack = Math.min(credit, creditNotGivenBack(current));
    const refund: OrderRefund = { ...outcome, amount: card, creditReturned: creditBack, at: now };
    returnCredit(tx, db, current.userId, creditBack);
    const refunds = { ...current.refunds, [raffleId]: refund };
    const allRefunded = current.items.every((item) => refunds[item.raffleId]);
    // The claim made before Stripe was asked becomes the refund itself. A refund a person
    // makes by hand (`manual`) counts as refunded too, as refundOrder counts it
    // (`refundedByHand`): left out, the next refund of the order would find the card's money
    // still there and owe it by hand again, instead of giving back the credit the order used.
    const { [raffleId]: claimed = 0, ...refundClaims } = current.refundClaims ?? {};
    const cardBack = outcome.provider === 'none' ? 0 : card;
    const refundedAmount = (current.refundedAmount ?? 0) - claimed + cardBack;
    const changes = {
      refunds,
      refundClaims,
      refundedAmount,
      spendReturned: spendReturnedAfter(current, cardBack, creditBack),
      updatedAt: now,
      ...(allRefunded ? { status: 'cancelled' as const } : {}),
      ...(allRefunded && refundedAmount > 0 ? { paymentStatus: 'refunded' as const } : {}),
    };
    tx.update(ref, changes);
    recordAudit(
      db,
      tx,
      admin,
      {
        action: 'order.refund',
        target: ref.path,
        before: { status: current.status, paymentStatus: current.paymentStatus },
        after: { raffleId, ...refund, status: changes.status ?? current.status },
      },
      now,
    );
    return { orderId, userId: current.userId, refund, isNew: true };
  });
}

/**
 * How a raffle's lines of an order come back: to the card up to what the card was charged and
 * not yet refunded (`totalAmount` is the card charge; account credit paid the rest), the
 * remainder as account credit.
 */
export function refundSplit(order: Order, raffleId: string): { card: number; credit: number } {
  const cost = raffleCostLeft(order, raffleId);
  // A claim made for this raffle's refund (claimCardRefund) is what the card gets back.
  const claimed = order.refundClaims?.[raffleId];
  if (claimed !== undefined) return { card: claimed, credit: Math.max(0, cost - claimed) };
  // The card's money already came back through Stripe (a refund made in its dashboard, or a
  // dispute, which the customer's bank pays): only the account credit the order used is owed,
  // less what the order gave back as credit already (earlier refunds, and its voiding) and what
  // its voiding kept spent (the card's money back covered those tickets).
  if (order.moneyBack) return { card: 0, credit: Math.min(cost, creditNotGivenBack(order)) };
  const cardLeft = Math.max(0, order.totalAmount - (order.refundedAmount ?? 0));
  const card = Math.min(cost, cardLeft);
  return { card, credit: cost - card };
}

/** What the customer is told: their tickets are void and how their money comes back. */
function cancellationMessage(raffle: Raffle, refunds: OrderRefund[]): string {
  const refunded = refunds
    .filter((r) => r.provider === 'stripe')
    .reduce((sum, r) => sum + r.amount, 0);
  const owed = refunds.filter((r) => r.provider === 'manual').reduce((s, r) => s + r.amount, 0);
  const credit = refunds.reduce((sum, r) => sum + r.creditReturned, 0);
  const money = [
    refunded > 0 &&
      `${formatPence(refunded)} has been refunded to your card; it can take 5 to 10 working days to appear.`,
    credit > 0 && `${formatPence(credit)} of account credit has been returned to your account.`,
    owed > 0 && `We will refund ${formatPence(owed)} to you shortly.`,
  ].filter(Boolean);
  return [
    `We are sorry: "${raffle.name}" has been cancelled and will not be drawn.`,
    'Your tickets for it are void.',
    ...money,
  ].join(' ');
}

/**
 * Step 5, per customer: an in-app notification and an e-mail telling the refunds of their orders
 * not told yet. Each order's refund is marked told (`refundsTold`) in the notification's
 * transaction, so a second run sends nothing again, and a run that refunds an order an earlier
 * one could not tells that refund alone, in a notice of its own.
 */
async function notifyCustomer(
  db: Firestore,
  uid: string,
  raffle: Raffle,
  lines: LineRefund[],
  now: Date,
): Promise<boolean> {
  // A deleted account's orders have nobody to tell.
  if (uid === DELETED_USER_ID) return false;
  const firstId = `raffle-cancelled-${raffle.id}`;
  const told = db.collection(refundsToldPath(raffle.id));
  const orders = lines.map((line) => line.orderId).sort();
  return db.runTransaction(async (tx) => {
    const [first, profile, ...marks] = await tx.getAll(
      db.collection(notificationsPath(uid)).doc(firstId),
      profileRef(db, uid),
      ...orders.map((orderId) => told.doc(orderId)),
    );
    const untold = lines.filter((line) => !marks.some((m) => m.exists && m.id === line.orderId));
    if (untold.length === 0) return false;
    const id = first!.exists ? `${firstId}-${untold.map((l) => l.orderId).sort()[0]}` : firstId;
    const title = 'Raffle cancelled';
    const message = cancellationMessage(
      raffle,
      untold.map((line) => line.refund),
    );
    tx.create(
      db.collection(notificationsPath(uid)).doc(id),
      notificationData({ type: 'raffle', kind: 'refund', title, message }, now),
    );
    untold.forEach((line) => tx.create(told.doc(line.orderId), { at: now }));
    const email = profile!.get('email') as string | undefined;
    if (email) {
      // A refund is a service message: sent whatever the customer's e-mail preferences.
      tx.set(
        db.collection(mailCollection).doc(`${id}-${uid}`),
        queuedMail(email, `${title}: ${raffle.name}`, message, null, now),
      );
    }
    return true;
  });
}

async function inWaves<T, R>(items: T[], size: number, run: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    results.push(...(await Promise.all(items.slice(i, i + size).map(run))));
  }
  return results;
}

/**
 * Cancels a raffle: deactivates it, releases pending checkouts, voids its tickets and removes
 * their public entries, refunds every order's lines for it and tells each customer once.
 * Each step is idempotent, so running it again (after a timeout, or to pick up an order that
 * was being fulfilled at the time) completes what is missing and repeats nothing.
 */
export async function cancelRaffle(
  db: Firestore,
  admin: Caller,
  raffleId: string,
  now = new Date(),
): Promise<CancelRaffleOutput> {
  const raffle = await markCancelled(db, admin, raffleId, now);
  await withdrawRaffleSlides(db, admin, raffleId, now);
  await releaseHolds(db, raffleId, now);
  // One order's failure (the provider refused, a timeout) does not stop the others.
  const failedOrders: string[] = await completeFulfilments(db, raffleId);
  const voidedTickets = await voidTickets(db, raffleId);
  const orderIds = await orderIdsOf(db, raffleId);
  const lines = (
    await inWaves(orderIds, REFUND_CONCURRENCY, (orderId) =>
      refundOrderLines(db, admin, orderId, raffleId, now).catch((error: unknown) => {
        logger.error('Refund failed; the cancellation goes on', {
          orderId,
          raffleId,
          ...errorFields(error),
        });
        failedOrders.push(orderId);
        return null;
      }),
    )
  ).filter((line): line is LineRefund => line !== null);

  const byCustomer = new Map<string, LineRefund[]>();
  for (const line of lines) {
    byCustomer.set(line.userId, [...(byCustomer.get(line.userId) ?? []), line]);
  }
  const notified = await inWaves([...byCustomer], REFUND_CONCURRENCY, ([uid, owned]) =>
    notifyCustomer(db, uid, raffle, owned, now),
  );
  const fresh = lines.filter((line) => line.isNew);
  const paidBack = fresh.filter((l) => l.refund.provider === 'stripe');
  return {
    refundedOrders: paidBack.length,
    refundedAmount: paidBack.reduce((sum, l) => sum + l.refund.amount, 0),
    voidedTickets,
    notifiedCustomers: notified.filter(Boolean).length,
    manualRefunds: fresh.filter((l) => l.refund.provider === 'manual').length,
    creditReturned: fresh.reduce((sum, l) => sum + l.refund.creditReturned, 0),
    failedOrders,
  };
}
