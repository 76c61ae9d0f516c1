import {
  DELETED_USER_ID,
  ShopError,
  ORDER_ADMIN_MESSAGES,
  ORDER_REFUND_MESSAGES,
  mailCollection,
  notificationsPath,
  orderSchema,
  ordersCollection,
  parseDocument,
  rafflePath,
  type Order,
  type RefundOrderInput,
  type RefundOrderOutput,
  type TicketRefund,
  pendingTicketRefunds,
  refundedWithout,
  spendReturnedAfter,
} from '@rafflewin/domain';
import { FieldValue, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/v2';
import { errorFields } from '../../lib/logging';
import { createHash } from 'node:crypto';
import type { Caller } from '../../lib/access';
import { profileRef, ticketsRef } from '../../lib/collections';
import { returnCredit } from '../account/credit';
import { recordAudit } from '../admin/audit';
import { creditLeftAfterWins, voidInstantWins } from '../instantWins/instantWins';
import { queuedMail } from '../mail/templates';
import { notificationData } from '../notifications/notify';
import { hasCode } from '../../lib/errorCode';
import { settleRefundedAtStripe } from '../payments/moneyBack';
import { refundingMoved } from './refunding';
import { refundPayment, refundRefused } from '../payments/refundPayment';
import { voidTickets } from '../tickets/voidTickets';

const readOrder = (snapshot: DocumentSnapshot): Order | null =>
  snapshot.exists ? parseDocument(orderSchema, snapshot.data(), snapshot.id) : null;

/** The same tickets always make the same key: asking again refunds nothing twice. */
const refundKey = (ticketIds: string[]) =>
  createHash('sha256')
    .update([...ticketIds].sort().join(','))
    .digest('hex')
    .slice(0, 20);

const output = (refund: TicketRefund): RefundOrderOutput => ({
  amount: refund.amount,
  creditReturned: refund.creditReturned,
  ticketsVoided: refund.ticketIds.length,
  refundId: refund.refundId,
  byHand: refund.provider === 'manual',
});

/**
 * Step 1, one transaction: checks the order and the tickets, prices them from the order's lines
 * and records the refund as pending, its card amount already counted in `refundedAmount` (so
 * Stripe's `charge.refunded` for it is recognised as the shop's own). Tickets under another
 * pending refund are refused, so two administrators cannot refund the same ticket twice.
 */
async function claimRefund(
  db: Firestore,
  admin: Caller,
  input: RefundOrderInput,
  now: Date,
): Promise<{ key: string; refund: TicketRefund; order: Order }> {
  const ref = db.collection(ordersCollection).doc(input.orderId);
  return db.runTransaction(async (tx) => {
    const order = readOrder(await tx.get(ref));
    if (!order) throw new ShopError('not-found', ORDER_ADMIN_MESSAGES.notFound);
    const requested = input.ticketIds ? [...new Set(input.ticketIds)] : null;
    const earlier = requested && order.ticketRefunds?.[refundKey(requested)];
    if (earlier) return { key: refundKey(requested), refund: earlier, order };
    if (order.paymentMethod !== 'Card' || order.paymentStatus !== 'paid') {
      throw new ShopError('failed-precondition', ORDER_REFUND_MESSAGES.notRefundable);
    }
    const pending = pendingTicketRefunds(order);
    // "Refund the rest" while a refund of this order is under way: one that stopped part way
    // (after Stripe's refund, before its tickets were all void) is resumed, since its tickets
    // may no longer be listed to be asked for again; more than one, wait for them.
    if (!requested && pending.length > 0) {
      const [only] = Object.entries(order.ticketRefunds ?? {}).filter(
        ([, refund]) => refund.state === 'pending',
      );
      if (pending.length === 1 && only) return { key: only[0], refund: only[1], order };
      throw new ShopError('aborted', ORDER_REFUND_MESSAGES.inProgress);
    }
    const active = await tx.get(
      ticketsRef(db).where('orderId', '==', order.id).where('status', '==', 'active'),
    );
    const activeIds = new Map(active.docs.map((doc) => [doc.id, doc.data().raffleId]));
    // What each ticket cost: its share of its line with bundles taken off; tickets from before
    // bundles cost their line's price per ticket.
    const paid = new Map(active.docs.map((doc) => [doc.id, doc.data().paidPrice]));
    const ticketIds = requested ?? [...activeIds.keys()];
    if (ticketIds.length === 0) {
      throw new ShopError('failed-precondition', ORDER_REFUND_MESSAGES.noTickets);
    }
    if (ticketIds.some((id) => !activeIds.has(id))) {
      throw new ShopError('failed-precondition', ORDER_REFUND_MESSAGES.notActive);
    }
    // A drawn raffle's entries are published (a winner among them): none is voided afterwards.
    const raffleIds = [...new Set(ticketIds.map((id) => activeIds.get(id)!))];
    const raffles = await Promise.all(raffleIds.map((id) => tx.get(db.doc(rafflePath(id)))));
    const statuses = raffles.map((raffle) => raffle.get('drawStatus') ?? 'pending');
    if (statuses.includes('cancelled')) {
      throw new ShopError('failed-precondition', ORDER_REFUND_MESSAGES.cancelled);
    }
    if (statuses.some((status) => status !== 'pending')) {
      throw new ShopError('failed-precondition', ORDER_REFUND_MESSAGES.drawn);
    }
    const key = refundKey(ticketIds);
    if (pending.some((refund) => refund.ticketIds.some((id) => ticketIds.includes(id)))) {
      throw new ShopError('aborted', ORDER_REFUND_MESSAGES.inProgress);
    }
    const costByRaffle: Record<string, number> = {};
    for (const id of ticketIds) {
      const raffleId = activeIds.get(id)!;
      const unitPrice = order.items.find((item) => item.raffleId === raffleId)?.unitPrice ?? 0;
      costByRaffle[raffleId] = (costByRaffle[raffleId] ?? 0) + (paid.get(id) ?? unitPrice);
    }
    const cost = Object.values(costByRaffle).reduce((sum, pence) => sum + pence, 0);
    // To the card up to what it was charged and not yet refunded; the rest was account credit.
    const amount = Math.min(cost, Math.max(0, order.totalAmount - (order.refundedAmount ?? 0)));
    const refund: TicketRefund = {
      ticketIds,
      costByRaffle,
      amount,
      creditReturned: cost - amount,
      provider: amount > 0 ? 'stripe' : 'none',
      refundId: null,
      state: 'pending',
      at: now,
    };
    tx.update(ref, {
      [`ticketRefunds.${key}`]: refund,
      refundedAmount: (order.refundedAmount ?? 0) + amount,
      ...underWay(refund, 1),
      updatedAt: now,
    });
    return { key, refund, order };
  });
}

/** The order's count of refunds under way in each of the refund's raffles, moved by `by`. */
const underWay = (refund: TicketRefund, by: 1 | -1) =>
  refundingMoved(Object.keys(refund.costByRaffle), by);

/**
 * Undoes a claim whose refund Stripe did not make: nothing changed for anyone. But when the
 * card's money came back through Stripe meanwhile (a dispute, often the reason Stripe refused:
 * moneyBack's voidOrder), that voiding counted the claim's credit as given back and gave none
 * for its tickets: the credit is given back now, with the voiding's record.
 */
async function dropClaim(db: Firestore, orderId: string, key: string) {
  const ref = db.collection(ordersCollection).doc(orderId);
  await db.runTransaction(async (tx) => {
    const order = readOrder(await tx.get(ref));
    const claimed = order?.ticketRefunds?.[key];
    if (!order || claimed?.state !== 'pending') return;
    const owed = order.moneyBack ? claimed.creditReturned : 0;
    // An account gone since has nobody to give it to (as voidOrder).
    const giveBack = owed > 0 && (await tx.get(profileRef(db, order.userId))).exists;
    tx.update(ref, {
      [`ticketRefunds.${key}`]: FieldValue.delete(),
      refundedAmount: refundedWithout(order, claimed.amount),
      ...underWay(claimed, -1),
      ...(giveBack
        ? {
            'moneyBack.creditReturned': FieldValue.increment(owed),
            spendReturned: spendReturnedAfter(order, 0, owed),
          }
        : {}),
    });
    if (giveBack) returnCredit(tx, db, order.userId, owed);
  });
}

/**
 * Step 3: the tickets become void, leave the public entry list and their holder's count
 * (idempotent, in batches); their instant wins, if any, go with them.
 */
async function voidOrderTickets(
  db: Firestore,
  admin: Caller,
  order: Order,
  ticketIds: string[],
  now: Date,
): Promise<void> {
  const voided = await voidTickets(db, ticketIds);
  await voidInstantWins(db, admin, order, voided, now);
}

/**
 * Step 4, one transaction: the refund is done. Credit goes back as credit; an order with no
 * active ticket left is cancelled (and refunded); the audit log and the customer (in the app
 * and by e-mail, whatever their preferences: it is about their money) are told, with fixed ids.
 */
async function completeRefund(
  db: Firestore,
  admin: Caller,
  orderId: string,
  key: string,
  done: Pick<TicketRefund, 'provider' | 'refundId'>,
  now: Date,
): Promise<TicketRefund> {
  const ref = db.collection(ordersCollection).doc(orderId);
  return db.runTransaction(async (tx) => {
    const order = readOrder(await tx.get(ref));
    const claimed = order?.ticketRefunds?.[key];
    if (!order || !claimed) throw new ShopError('not-found', ORDER_ADMIN_MESSAGES.notFound);
    if (claimed.state === 'done') return claimed;
    const [profile, left] = await Promise.all([
      tx.get(profileRef(db, order.userId)),
      tx.get(ticketsRef(db).where('orderId', '==', orderId).where('status', '==', 'active')),
    ]);
    const refund: TicketRefund = { ...claimed, ...done, state: 'done' };
    // A voided win's credit the customer had spent is taken from the credit coming back, as a
    // refund made at Stripe or a dispute takes it (moneyBack's voidOrder), rather than that
    // credit coming back spendable; in this transaction, so a refund that stopped after voiding
    // the wins and is asked again still takes it.
    const creditBack = await creditLeftAfterWins(tx, db, admin, order, refund.creditReturned, now);
    const allVoid = left.empty;
    const changes = {
      [`ticketRefunds.${key}`]: refund,
      spendReturned: spendReturnedAfter(order, refund.amount, refund.creditReturned),
      ...underWay(claimed, -1),
      updatedAt: now,
      ...(allVoid ? { status: 'cancelled' as const } : {}),
      ...(allVoid && (order.refundedAmount ?? 0) > 0 ? { paymentStatus: 'refunded' as const } : {}),
    };
    tx.update(ref, changes);
    returnCredit(tx, db, order.userId, creditBack);
    recordAudit(
      db,
      tx,
      admin,
      {
        action: 'order.refundTickets',
        target: ref.path,
        before: { status: order.status, paymentStatus: order.paymentStatus },
        after: {
          tickets: refund.ticketIds.length,
          amount: refund.amount,
          creditReturned: refund.creditReturned,
          refundId: refund.refundId,
          status: allVoid ? 'cancelled' : order.status,
        },
      },
      now,
    );
    const title = ORDER_REFUND_MESSAGES.customerTitle;
    const message = ORDER_REFUND_MESSAGES.customerMessage(
      order.orderNumber,
      refund.amount,
      refund.creditReturned,
      refund.ticketIds.length,
      refund.provider === 'manual',
    );
    const id = `order-refund-${orderId}-${key}`;
    // A deleted account's order has nobody to tell (and no e-mail left).
    if (order.userId !== DELETED_USER_ID) {
      tx.set(
        db.collection(notificationsPath(order.userId)).doc(id),
        notificationData({ type: 'account', kind: 'refund', title, message }, now),
      );
    }
    const email = profile.get('email') as string | undefined;
    if (email) {
      tx.set(
        db.collection(mailCollection).doc(id),
        queuedMail(email, `${title}: ${order.orderNumber}`, message, null, now),
      );
    }
    return refund;
  });
}

/**
 * Stripe refused the refund: the claim is taken back and the administrator told why. A failure
 * while doing so (the database unreachable) says what pressing Refund again does, never
 * "Something went wrong": the claim stays pending and the next press asks Stripe again with the
 * same key, which refuses again.
 */
async function afterRefusal(db: Firestore, order: Order, key: string, refusal: unknown) {
  const refundedAtStripe = hasCode(refusal, 'charge_already_refunded') && order.paymentIntentId;
  try {
    await dropClaim(db, order.id, key);
    // Refunded in Stripe's dashboard meanwhile, its event taken for this refund: settled now.
    if (refundedAtStripe) await settleRefundedAtStripe(db, refundedAtStripe);
  } catch (error) {
    logger.error('A refused refund could not be taken back', {
      orderId: order.id,
      ...errorFields(error),
    });
    throw new ShopError(
      'aborted',
      refundedAtStripe ? ORDER_REFUND_MESSAGES.unfinished : ORDER_REFUND_MESSAGES.failed,
    );
  }
  if (refundedAtStripe) {
    throw new ShopError('failed-precondition', ORDER_REFUND_MESSAGES.refundedAtStripe);
  }
  logger.error('Stripe refused a refund', { orderId: order.id, ...errorFields(refusal) });
  throw new ShopError('unavailable', ORDER_REFUND_MESSAGES.failed);
}

/**
 * Refunds a paid card order in full or chosen tickets of it: claim (pending), Stripe's refund
 * (idempotency key from the order and the tickets), the tickets void, then the record, the
 * audit and the customer. A retry after a failure part-way resumes the pending refund; asking
 * again after it is done answers the same refund.
 */
export async function refundOrder(
  db: Firestore,
  admin: Caller,
  input: RefundOrderInput,
  now = new Date(),
): Promise<RefundOrderOutput> {
  const { key, refund, order } = await claimRefund(db, admin, input, now);
  if (refund.state === 'done') return output(refund);
  let outcome: Pick<TicketRefund, 'provider' | 'refundId'> = {
    provider: refund.provider,
    refundId: refund.refundId,
  };
  if (refund.amount > 0) {
    try {
      outcome = await refundPayment(db, order.id, order, `tickets-${key}`, refund.amount);
    } catch (error) {
      if (!refundRefused(error)) {
        // No answer from Stripe: the refund may have been made. The claim stays pending, and
        // asking again resumes it with the same idempotency key.
        logger.error('No answer from Stripe to a refund', {
          orderId: order.id,
          ...errorFields(error),
        });
        throw new ShopError('aborted', ORDER_REFUND_MESSAGES.unfinished);
      }
      await afterRefusal(db, order, key, error);
    }
  }
  // The money has gone back (or none was owed): what stops now is finished by asking again
  // (the claim stays pending, and its Stripe refund is not made twice), not "nothing changed".
  try {
    await voidOrderTickets(db, admin, order, refund.ticketIds, now);
    return output(await completeRefund(db, admin, order.id, key, outcome, now));
  } catch (error) {
    if (error instanceof ShopError) throw error;
    logger.error('A refund stopped after Stripe', { orderId: order.id, ...errorFields(error) });
    throw new ShopError('aborted', ORDER_REFUND_MESSAGES.unfinished);
  }
}
