import {
  CHECKOUT_MESSAGES,
  auditLogCollection,
  DELETED_USER_ID,
  formatPence,
  mailCollection,
  notificationsPath,
  orderSchema,
  ordersCollection,
  parseDocument,
  rafflePath,
  type Order,
  creditNotGivenBack,
  spendReturnedAfter,
} from '@rafflewin/domain';
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/v2';
import type Stripe from 'stripe';
import type { Caller } from '../../lib/access';
import { profileRef, readSiteSettings, ticketsRef } from '../../lib/collections';
import { raffleCostLeft, returnCredit } from '../account/credit';
import { recordAudit } from '../admin/audit';
import { voidInstantWins, winsOf } from '../instantWins/instantWins';
import { readSession, sessionRef } from '../checkout/sessions';
import { queuedMail } from '../mail/templates';
import { refundInFull, type RefundNotice } from './refundInFull';
import { refundPayment, type RefundOutcome } from './refundPayment';
import { refundingMoved } from '../orders/refunding';
import { notificationData } from '../notifications/notify';
import { VOID_BATCH, voidTickets } from '../tickets/voidTickets';
import { stripe, stripeEnabled } from './stripe';

/** Who the audit log names for what Stripe tells us. */
export const STRIPE_ACTOR: Caller = {
  uid: 'stripe',
  email: null,
  isAdmin: false,
  emailVerified: false,
  authTime: 0,
  signedInAt: 0,
  twoFactorKey: '0',
};

type Kind = 'refunded' | 'disputed';

export const intentOf = (value: string | { id: string } | null | undefined) =>
  (typeof value === 'string' ? value : value?.id) ?? null;

export async function orderPaidBy(
  db: Firestore,
  paymentIntentId: string | null,
): Promise<Order | null> {
  if (!paymentIntentId) return null;
  const found = await db
    .collection(ordersCollection)
    .where('paymentIntentId', '==', paymentIntentId)
    .limit(1)
    .get();
  const doc = found.docs[0];
  return doc ? parseDocument(orderSchema, doc.data(), doc.id) : null;
}

/**
 * Stripe does not deliver events in order: money taken back at Stripe (a refund in its
 * dashboard, a dispute) can be told before the payment's `checkout.session.completed` has made
 * its order. While the payment's checkout can still become an order (pending, or being
 * fulfilled), the event fails, so that Stripe delivers it again once the order is there rather
 * than leave tickets in the draw for money that went back. A payment that will never have an
 * order (refunded by the shop as late, over the cap, or for a closed raffle) is left alone.
 */
async function awaitOrder(db: Firestore, paymentIntentId: string | null): Promise<void> {
  if (!paymentIntentId || !stripeEnabled()) return;
  const intent = await (await stripe()).paymentIntents.retrieve(paymentIntentId);
  const reservationId = intent.metadata?.reservationId;
  if (!reservationId) return;
  const status = readSession(await sessionRef(db, reservationId).get())?.status;
  if (status === 'pending' || status === 'fulfilling') {
    throw new Error(`Money back for a payment not yet fulfilled (${reservationId}): retry later`);
  }
}

/**
 * `charge.refunded`. Refunds the shop made itself (a cancelled raffle's lines, late or
 * over-the-cap payments) are already on the order (`refundedAmount`) and change nothing here.
 * A refund made at Stripe (the dashboard) for the whole charge voids the order's tickets; a
 * partial one cannot say which tickets it was for, so it is logged in the audit for a person
 * to decide, and no ticket changes.
 */
export async function onChargeRefunded(db: Firestore, charge: Stripe.Charge): Promise<void> {
  const paymentIntentId = intentOf(charge.payment_intent);
  const order = await orderPaidBy(db, paymentIntentId);
  if (!order) {
    await awaitOrder(db, paymentIntentId);
    return;
  }
  // A marking whose tickets are not void yet (its handling failed after it commits) is finished
  // first: it already counts this refund in `refundedAmount`, so Stripe's retry ends below.
  if (order.moneyBack?.ticketsVoided === false) await voidOrderTickets(db, order);
  if (charge.amount_refunded <= (order.refundedAmount ?? 0)) return;
  if (!charge.refunded) {
    // Logged once per amount refunded, however often Stripe tells it.
    const id = `partial-refund-${charge.id}-${charge.amount_refunded}`;
    const logged = await db.runTransaction(async (tx) => {
      if ((await tx.get(db.collection(auditLogCollection).doc(id))).exists) return true;
      recordAudit(db, tx, STRIPE_ACTOR, {
        id,
        action: 'order.partialRefundAtStripe',
        target: `${ordersCollection}/${order.id}`,
        before: { refundedAmount: order.refundedAmount ?? 0 },
        after: { amountRefundedAtStripe: charge.amount_refunded },
      });
      return false;
    });
    if (!logged) {
      logger.warn('A partial refund made at Stripe: review the order', { orderId: order.id });
    }
    return;
  }
  await voidOrder(db, order.id, 'refunded', charge.amount_refunded);
}

/**
 * Settles a payment Stripe says was refunded already (`charge_already_refunded`, answered to
 * one of the shop's refunds) as its `charge.refunded` would have: that event may have come
 * while the shop's own claim still counted the refund as the shop's, and was then ignored.
 */
export async function settleRefundedAtStripe(db: Firestore, paymentIntentId: string) {
  const client = await stripe();
  const intent = await client.paymentIntents.retrieve(paymentIntentId);
  const chargeId = intentOf(intent.latest_charge);
  if (chargeId) await onChargeRefunded(db, await client.charges.retrieve(chargeId));
}

/**
 * The disputed payment's order, its tickets voided (once, whichever of the dispute's events
 * comes first); null when the payment has no order (after `awaitOrder`, which fails while one
 * may still be made).
 */
async function disputedOrder(db: Firestore, dispute: Stripe.Dispute): Promise<Order | null> {
  const paymentIntentId = intentOf(dispute.payment_intent);
  const order = await orderPaidBy(db, paymentIntentId);
  if (!order) {
    await awaitOrder(db, paymentIntentId);
    logger.warn('A dispute for a payment with no order', {
      dispute: dispute.id,
      status: dispute.status,
    });
    return null;
  }
  await voidOrder(db, order.id, 'disputed', dispute.amount);
  return order;
}

/** `charge.dispute.created`: the customer's bank is taking the money back; the tickets go. */
export async function onDisputeCreated(db: Firestore, dispute: Stripe.Dispute): Promise<void> {
  await disputedOrder(db, dispute);
}

/**
 * `charge.dispute.closed`. A dispute the bank decided for the customer (`lost`) leaves the order
 * as it is: the money went back through the bank and the tickets are void. One decided for the
 * shop (`won`, or an inquiry closed without a chargeback) gives the money back to the shop for
 * tickets that stayed out of the draw, which the shop never keeps (as for a cancelled raffle or
 * a late payment): the card is refunded what came back for them (cardOutOfTheDraw); tickets of
 * a raffle drawn before they went void took part in its draw, and get nothing back. The
 * customer, the shop and the audit log are told once, however often the event comes.
 */
export async function onDisputeClosed(db: Firestore, dispute: Stripe.Dispute): Promise<void> {
  if (!['won', 'lost', 'warning_closed'].includes(dispute.status)) return;
  // Stripe may tell the close before the opening: the tickets go first, as the opening would.
  const order = await disputedOrder(db, dispute);
  const outcome = dispute.status === 'lost' ? 'lost' : 'won';
  if (!order) {
    if (outcome === 'won') await refundOrderlessPayment(db, dispute);
    return;
  }
  const refund = await recordDisputeClosed(db, order.id, outcome, dispute.amount);
  if (refund) await refundWonDispute(db, refund.order, refund.amount);
}

const DISPUTE_WON_REFUND: RefundNotice = {
  key: 'dispute-won',
  message: CHECKOUT_MESSAGES.disputeWonRefunded,
};

/**
 * A dispute closed in the shop's favour over a payment that made no order (paid after its
 * reservation lapsed, its refund then refused because the bank was disputing it): the money is
 * back with the shop, which keeps none for tickets it never issued. A payment refunded before
 * its dispute is left alone.
 */
async function refundOrderlessPayment(db: Firestore, dispute: Stripe.Dispute): Promise<void> {
  const intentId = intentOf(dispute.payment_intent);
  const chargeId = intentOf(dispute.charge);
  if (!intentId || !chargeId || !stripeEnabled()) return;
  const client = await stripe();
  const [intent, charge] = await Promise.all([
    client.paymentIntents.retrieve(intentId),
    client.charges.retrieve(chargeId),
  ]);
  const reservationId = intent.metadata?.reservationId;
  const reservation = reservationId ? readSession(await sessionRef(db, reservationId).get()) : null;
  if (!reservation) {
    logger.warn('A won dispute for a payment of no reservation', { dispute: dispute.id });
    return;
  }
  if (charge.refunded) return;
  await refundInFull(
    db,
    { intentId, reservationId: reservation.id, userId: reservation.userId },
    DISPUTE_WON_REFUND,
  );
}

/**
 * What the card paid, and has not had back, for the order's tickets that stayed out of every
 * draw: those of raffles not drawn when they went void (a raffle drawn before took them into
 * its draw, which the customer lost or won), less what came back for them since (a cancelled
 * raffle's refund) and the account credit given back as they went void (creditOwedOnVoid: what
 * the card's money back did not cover of them).
 */
function cardOutOfTheDraw(order: Order): number {
  const drawn = new Set(order.moneyBack?.drawnRaffles ?? []);
  const undrawn = [...new Set(order.items.map((item) => item.raffleId))].filter(
    (raffleId) => !drawn.has(raffleId),
  );
  const owed = undrawn.reduce((sum, raffleId) => {
    const refunded = order.refunds?.[raffleId];
    return (
      sum +
      raffleCostLeft(order, raffleId) -
      (refunded ? refunded.amount + refunded.creditReturned : 0)
    );
  }, 0);
  return Math.max(0, owed - (order.moneyBack?.creditReturned ?? 0));
}

/**
 * Records how the dispute closed, once; for a dispute the shop won, claims the card's refund
 * (counted in `refundedAmount` before Stripe is asked, so its `charge.refunded` reads as the
 * shop's own). Answers the refund still to make: the one just claimed, or one a failed run
 * claimed and did not finish.
 */
async function recordDisputeClosed(
  db: Firestore,
  orderId: string,
  outcome: 'won' | 'lost',
  disputed: number,
): Promise<{ order: Order; amount: number } | null> {
  const ref = db.collection(ordersCollection).doc(orderId);
  const now = new Date();
  return db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) return null;
    const order = parseDocument(orderSchema, snapshot.data(), snapshot.id);
    const moneyBack = order.moneyBack;
    if (moneyBack?.kind !== 'disputed') return null;
    if (moneyBack.closed) {
      const pending = moneyBack.closed.refund?.state === 'pending';
      return pending ? { order, amount: moneyBack.closed.refund!.amount } : null;
    }
    const cardLeft = Math.max(0, order.totalAmount - (order.refundedAmount ?? 0));
    const amount = outcome === 'won' ? Math.min(disputed, cardLeft, cardOutOfTheDraw(order)) : 0;
    const refund = amount > 0 ? { amount, state: 'pending', provider: null, refundId: null } : null;
    // A dispute the shop won gave the bank's money back to the shop: what it keeps (the rest is
    // refunded to the card) counts against the month's limit again, as before the dispute.
    const kept = outcome === 'won' ? Math.max(0, disputed - amount) : 0;
    const returned = order.spendReturned;
    tx.update(ref, {
      'moneyBack.closed': { outcome, at: now, refund },
      ...(refund ? { refundedAmount: (order.refundedAmount ?? 0) + amount } : {}),
      ...(kept > 0 && returned
        ? { spendReturned: { ...returned, card: Math.max(0, returned.card - kept) } }
        : {}),
      updatedAt: now,
    });
    recordAudit(
      db,
      tx,
      STRIPE_ACTOR,
      {
        action: outcome === 'won' ? 'order.disputeWon' : 'order.disputeLost',
        target: ref.path,
        before: { paymentStatus: order.paymentStatus, refundedAmount: order.refundedAmount ?? 0 },
        after: { outcome, refundToCard: amount },
      },
      now,
    );
    return refund ? { order, amount } : null;
  });
}

/**
 * Refunds the card what a won dispute gave back (Stripe's idempotency key makes a retry safe;
 * a charge refunded meanwhile in the dashboard needs nothing more), then marks the refund done
 * and tells the customer and the shop. A failure leaves the claim pending: the event fails and
 * Stripe's next delivery finishes it.
 */
async function refundWonDispute(db: Firestore, order: Order, amount: number): Promise<void> {
  let made: RefundOutcome;
  try {
    made = await refundPayment(db, order.id, order, 'dispute', amount);
  } catch (error) {
    if ((error as { code?: string }).code !== 'charge_already_refunded') throw error;
    made = { provider: 'stripe', refundId: null };
  }
  const ref = db.collection(ordersCollection).doc(order.id);
  const now = new Date();
  const settings = await readSiteSettings(db);
  await db.runTransaction(async (tx) => {
    const [snapshot, profile] = await tx.getAll(ref, profileRef(db, order.userId));
    // An order an administrator deleted meanwhile has nothing left to mark.
    if (!snapshot?.exists) return;
    const current = parseDocument(orderSchema, snapshot.data(), order.id);
    const closed = current.moneyBack?.closed;
    if (!closed?.refund || closed.refund.state === 'done') return;
    tx.update(ref, {
      'moneyBack.closed.refund': { amount, state: 'done', ...made },
      paymentStatus: 'refunded',
      updatedAt: now,
    });
    const byHand = made.provider === 'manual';
    const closedText = `The dispute over order ${order.orderNumber} has closed. Its tickets stayed void`;
    tellCustomerAndShop(
      db,
      tx,
      settings.contactEmail,
      {
        id: `dispute-closed-${order.id}`,
        userId: order.userId,
        email: profile?.get('email') as string | undefined,
        title: 'Dispute closed',
        orderNumber: order.orderNumber,
        text: byHand
          ? `${closedText}, so we will refund ${formatPence(amount)} to you shortly.`
          : `${closedText}, so ${formatPence(amount)} has been refunded to your card; it can take 5 to 10 working days to appear.`,
        shop: {
          subject: `Dispute closed: ${order.orderNumber}`,
          text: byHand
            ? `The dispute over order ${order.orderNumber} was closed in the shop's favour. Its tickets stayed void: refund ${formatPence(amount)} to the customer by hand (no Stripe payment is on record).`
            : `The dispute over order ${order.orderNumber} was closed in the shop's favour. Its tickets stayed void, so ${formatPence(amount)} was refunded to the customer's card.`,
        },
      },
      now,
    );
    recordAudit(
      db,
      tx,
      STRIPE_ACTOR,
      {
        action: 'order.refundedAfterDispute',
        target: ref.path,
        before: { paymentStatus: current.paymentStatus },
        after: { amount, ...made },
      },
      now,
    );
  });
}

/** What money moving at Stripe tells the customer and the shop, with fixed ids (once). */
export interface MoneyNotice {
  /** The notification's and e-mails' id. */
  id: string;
  userId: string;
  /** The customer's address (their profile's), if they have one. */
  email: string | undefined;
  title: string;
  text: string;
  /** The order it is about, named in the customer's e-mail subject. */
  orderNumber?: string;
  /** The e-mail to the shop's contact address, if it has one. */
  shop: { subject: string; text: string };
}

/**
 * Writes, in `tx`, the customer's notification (a deleted account has nobody to tell) and
 * e-mail, and the e-mail to the shop's contact address.
 */
export function tellCustomerAndShop(
  db: Firestore,
  tx: Transaction,
  contactEmail: string,
  notice: MoneyNotice,
  now: Date,
): void {
  const { id, userId, email, title, text, orderNumber } = notice;
  if (userId !== DELETED_USER_ID) {
    tx.set(
      db.collection(notificationsPath(userId)).doc(id),
      notificationData({ type: 'account', kind: 'refund', title, message: text }, now),
    );
  }
  if (email)
    tx.set(
      db.collection(mailCollection).doc(id),
      queuedMail(email, orderNumber ? `${title}: ${orderNumber}` : title, text, null, now),
    );
  if (contactEmail) {
    tx.set(
      db.collection(mailCollection).doc(`${id}-shop`),
      queuedMail(contactEmail, notice.shop.subject, notice.shop.text, null, now),
    );
  }
}

const MESSAGES: Record<Kind, (order: Order, amount: number) => { title: string; text: string }> = {
  refunded: (order, amount) => ({
    title: 'Order refunded',
    text: `${formatPence(amount)} for order ${order.orderNumber} has been refunded to your card, so its tickets are void and will not be in the draw.`,
  }),
  disputed: (order) => ({
    title: 'Payment disputed',
    text: `The payment for order ${order.orderNumber} is being disputed with your bank, so its tickets are void and will not be in the draw. Contact us if this is a mistake.`,
  }),
};

/**
 * The account credit owed back when an order's tickets go void because `cardBack` pence of its
 * card payment came back through Stripe: what its tickets in raffles not yet drawn (`undrawn`)
 * and not refunded already cost, less what the card got back (which pays for them first: the
 * rest of it paid for tickets that were in a draw, which took part in it), up to the credit it
 * used that may still come back.
 */
export function creditOwedOnVoid(
  order: Order,
  undrawn: ReadonlySet<string>,
  cardBack: number,
): number {
  const cost = [...undrawn]
    .filter((raffleId) => !order.refunds?.[raffleId])
    .reduce((sum, raffleId) => sum + raffleCostLeft(order, raffleId), 0);
  return Math.max(0, Math.min(cost - cardBack, creditNotGivenBack(order)));
}

/**
 * Marks the order (refunded or disputed, cancelled), tells the customer (in the app and by
 * e-mail) and the shop (audit log, and the contact address), all once whatever how often the
 * event comes; then voids its tickets and takes them off the public entry list, so the draw
 * leaves them out. A raffle already drawn is not drawn again: the audit says so.
 */
async function voidOrder(db: Firestore, orderId: string, kind: Kind, amount: number) {
  const ref = db.collection(ordersCollection).doc(orderId);
  const now = new Date();
  const settings = await readSiteSettings(db);
  const marked = await db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) return null;
    const order = parseDocument(orderSchema, snapshot.data(), snapshot.id);
    if (order.moneyBack?.kind === kind || order.moneyBack?.kind === 'disputed') return order;
    // Every read before the writes (a transaction's rule).
    const [profile, ...raffles] = await tx.getAll(
      profileRef(db, order.userId),
      ...[...new Set(order.items.map((item) => item.raffleId))].map((id) => db.doc(rafflePath(id))),
    );
    const drawn = (raffle: (typeof raffles)[number]) =>
      ['drawn', 'no-entries'].includes(String(raffle.get('drawStatus')));
    const afterDraw = raffles.some(drawn);
    // An account gone since (its order kept for the draw's record) has nobody to give it to.
    const undrawn = raffles.filter((raffle) => raffle.exists && !drawn(raffle));
    // What came back to the card with this event and was not the shop's own refund already:
    // a refund at Stripe is the whole charge; a dispute, what the bank takes back.
    const cardBackNow = Math.max(
      0,
      Math.min(kind === 'refunded' ? order.totalAmount : amount, order.totalAmount) -
        (order.refundedAmount ?? 0),
    );
    const credit = profile?.exists
      ? creditOwedOnVoid(order, new Set(undrawn.map(({ id }) => id)), cardBackNow)
      : 0;
    const creditReturned = (order.moneyBack?.creditReturned ?? 0) + credit;
    // The rest of the credit the order used stays spent, and nothing later gives it back.
    const creditKept = (order.moneyBack?.creditKept ?? 0) + creditNotGivenBack(order) - credit;
    const drawnRaffles = raffles.filter(drawn).map((raffle) => raffle.id);
    // Their draws wait until the tickets are void (voidOrderTickets, below): drawn in between
    // (the webhook failed after this commit, and Stripe's retry comes hours later), the
    // entries would hold tickets whose money came back. A marking before this one (a refund,
    // now disputed) whose tickets are not void yet holds its raffles still: each is held once,
    // since the one release (releaseDraws) lets each go once.
    const stillHeld =
      order.moneyBack?.ticketsVoided === false ? (order.moneyBack.holdsDraws ?? []) : [];
    const newlyHeld = undrawn.map(({ id }) => id).filter((id) => !stillHeld.includes(id));
    const holdsDraws = [...stillHeld, ...newlyHeld];
    const moneyBack = {
      kind,
      amount,
      at: now,
      afterDraw,
      drawnRaffles,
      creditReturned,
      creditKept,
      holdsDraws,
      ticketsVoided: false,
    };
    returnCredit(tx, db, order.userId, credit);
    // Refunded at Stripe means the whole charge is back; a dispute, what the bank took back.
    const cardBack = kind === 'refunded' ? order.totalAmount : amount;
    tx.update(ref, {
      moneyBack,
      spendReturned: spendReturnedAfter(order, cardBack, credit),
      paymentStatus: kind,
      status: 'cancelled',
      // What Stripe refunded counts as refunded, so nothing later (a cancelled raffle) asks
      // Stripe for it again.
      ...(kind === 'refunded'
        ? { refundedAmount: Math.max(order.refundedAmount ?? 0, amount) }
        : {}),
      ...refundingMoved(newlyHeld, 1),
      updatedAt: now,
    });
    recordAudit(
      db,
      tx,
      STRIPE_ACTOR,
      {
        action: kind === 'disputed' ? 'order.disputed' : 'order.refundedAtStripe',
        target: ref.path,
        before: { status: order.status, paymentStatus: order.paymentStatus },
        after: { ...moneyBack, note: afterDraw ? 'voided after the draw' : 'tickets voided' },
      },
      now,
    );
    const message = MESSAGES[kind](order, amount);
    const creditText =
      credit > 0
        ? ` ${formatPence(credit)} of account credit it used has been returned to your account.`
        : '';
    tellCustomerAndShop(
      db,
      tx,
      settings.contactEmail,
      {
        id: `money-back-${kind}-${orderId}`,
        userId: order.userId,
        email: profile?.get('email') as string | undefined,
        title: message.title,
        text: `${message.text}${creditText}`,
        orderNumber: order.orderNumber,
        shop: {
          subject: `${message.title}: ${order.orderNumber}`,
          text: `Stripe reports that order ${order.orderNumber} was ${kind} (${formatPence(amount)}). Its tickets are void${afterDraw ? '; its raffle had already been drawn and is not drawn again' : ''}.`,
        },
      },
      now,
    );
    return order;
  });
  if (marked) await voidOrderTickets(db, marked);
}

/**
 * The order's active tickets become void, leave the entry list and their holder's count
 * (`voidTickets`); its instant wins too.
 */
async function voidOrderTickets(db: Firestore, order: Order): Promise<void> {
  for (;;) {
    const page = await ticketsRef(db)
      .where('orderId', '==', order.id)
      .where('status', '==', 'active')
      .limit(VOID_BATCH)
      .select()
      .get();
    if (page.empty) break;
    await voidTickets(
      db,
      page.docs.map((ticket) => ticket.id),
    );
  }
  // Every ticket of the order is void now, so every win of it is (each once).
  await voidInstantWins(db, STRIPE_ACTOR, order, winsOf(order));
  await releaseDraws(db, order.id);
}

/** The draws the order's marking held (`holdsDraws`) may go ahead: once, its tickets void. */
async function releaseDraws(db: Firestore, orderId: string): Promise<void> {
  const ref = db.collection(ordersCollection).doc(orderId);
  await db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) return;
    const moneyBack = parseDocument(orderSchema, snapshot.data(), orderId).moneyBack;
    if (!moneyBack || moneyBack.ticketsVoided !== false) return;
    tx.update(ref, {
      'moneyBack.ticketsVoided': true,
      ...refundingMoved(moneyBack.holdsDraws ?? [], -1),
    });
  });
}
