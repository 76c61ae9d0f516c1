import {
  REFUND_STOPPED_BY_DISPUTE,
  auditLogCollection,
  formatPence,
  orderSchema,
  ordersCollection,
  parseDocument,
  type Order,
} from '@rafflewin/domain';
import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/v2';
import type Stripe from 'stripe';
import { profileRef, readSiteSettings } from '../../lib/collections';
import { recordAudit } from '../admin/audit';
import { readSession, sessionRef } from '../checkout/sessions';
import { STRIPE_ACTOR, intentOf, orderPaidBy, tellCustomerAndShop } from './moneyBack';

/** Why the card could not take the money back, as the customer reads it. */
const REASONS: Record<string, string> = {
  expired_or_canceled_card: 'the card has expired or been cancelled',
  lost_or_stolen_card: 'the card was reported lost or stolen',
};

/**
 * What the customer and the shop are told. A refund the customer's own dispute stopped is not
 * owed twice: the dispute returns the money (if the shop does not contest it), so the customer
 * is not told to wait for another payment and the shop is told not to make one.
 */
function failureNotice(refund: Stripe.Refund, payment: RefundedPayment, email?: string) {
  const amount = formatPence(refund.amount);
  const code = refund.failure_reason ?? 'no reason given';
  if (refund.failure_reason === REFUND_STOPPED_BY_DISPUTE) {
    return {
      title: 'Refund returned through your dispute',
      text: `Your bank is returning ${amount} ${payment.what} through the dispute you raised, so our refund to your card was not made as well. If the dispute does not end in your favour, we will contact you to return the money another way.`,
      shop: {
        subject: `Refund stopped by a dispute: ${refund.id}`,
        text: `Stripe did not refund ${amount} to the customer's card ${payment.what}: the customer disputed the payment while the refund was pending (${code}; refund ${refund.id}). The dispute returns the money to ${email ?? 'the customer'}: accept it rather than contest it, and do not return the money another way as well unless the dispute ends in the shop's favour.`,
      },
    };
  }
  const reason = REASONS[refund.failure_reason ?? ''] ?? 'the card’s bank did not accept it';
  return {
    title: 'Refund failed',
    text: `We could not refund ${amount} to your card ${payment.what}: ${reason}. We will contact you to return the money another way.`,
    shop: {
      subject: `Refund failed: ${refund.id}`,
      text: `Stripe could not refund ${amount} to the customer's card ${payment.what} (${code}; refund ${refund.id}). The money is back in the shop's Stripe balance: return it to ${email ?? 'the customer'} another way.`,
    },
  };
}

/** Who the failed refund was for, and how the notices name what it refunded. */
interface RefundedPayment {
  userId: string;
  /** "for order RW-…", or "for a payment we could not accept" (no order was made). */
  what: string;
  /** The order's number, when there is one. */
  orderNumber?: string;
  target: string;
  /** The order, when there is one: its `failedRefunds` record each failure once. */
  order: DocumentReference | null;
}

async function refundedPayment(
  db: Firestore,
  refund: Stripe.Refund,
): Promise<RefundedPayment | null> {
  const metadata = refund.metadata ?? {};
  const byId = metadata.orderId
    ? await db.collection(ordersCollection).doc(metadata.orderId).get()
    : null;
  const order: Order | null = byId?.exists
    ? parseDocument(orderSchema, byId.data(), byId.id)
    : await orderPaidBy(db, intentOf(refund.payment_intent));
  if (order) {
    return {
      userId: order.userId,
      what: `for order ${order.orderNumber}`,
      orderNumber: order.orderNumber,
      target: `${ordersCollection}/${order.id}`,
      order: db.collection(ordersCollection).doc(order.id),
    };
  }
  // A late payment refunded in full (no order was made): its reservation names the customer.
  const session = metadata.reservationId
    ? readSession(await sessionRef(db, metadata.reservationId).get())
    : null;
  return session
    ? {
        userId: session.userId,
        what: 'for a payment we could not accept',
        target: sessionRef(db, session.id).path,
        order: null,
      }
    : null;
}

/**
 * A card refund Stripe could not make (`refund.failed`, also told as `charge.refund.updated`):
 * it can fail days later (the card was closed, lost or stolen), and the money comes back to
 * the shop's Stripe balance while the customer was told it was on its way. The shop still owes
 * it, so the order goes on counting it as refunded and a person returns it another way: the
 * shop's contact address is told and the audit log records it, and the customer hears that it
 * failed and that the shop will be in touch; each once per refund, however often Stripe tells.
 * A refund stopped because the customer disputed the payment meanwhile is told as the dispute
 * returning the money instead (`failureNotice`).
 */
export async function onRefundFailed(db: Firestore, refund: Stripe.Refund): Promise<void> {
  if (refund.status !== 'failed') return;
  const payment = await refundedPayment(db, refund);
  if (!payment) {
    logger.error('A failed refund for no order or reservation', { refund: refund.id });
    return;
  }
  const now = new Date();
  const settings = await readSiteSettings(db);
  const id = `refund-failed-${refund.id}`;
  // Told already: the order's record of the failure, or for a payment of no order the audit
  // entry (fixed id). Never the customer's notification, which they may delete.
  const auditRef = db.collection(auditLogCollection).doc(id);
  const told = (tx: Transaction) =>
    payment.order
      ? tx.get(payment.order).then((order) => Boolean(order.get(`failedRefunds.${refund.id}`)))
      : tx.get(auditRef).then((entry) => entry.exists);
  await db.runTransaction(async (tx) => {
    const [already, profile] = await Promise.all([
      told(tx),
      tx.get(profileRef(db, payment.userId)),
    ]);
    if (already) return;
    if (payment.order) {
      tx.update(payment.order, {
        [`failedRefunds.${refund.id}`]: {
          amount: refund.amount,
          reason: refund.failure_reason ?? null,
          at: now,
        },
        updatedAt: now,
      });
    }
    const email = profile.get('email') as string | undefined;
    tellCustomerAndShop(
      db,
      tx,
      settings.contactEmail,
      {
        id,
        userId: payment.userId,
        email,
        orderNumber: payment.orderNumber,
        ...failureNotice(refund, payment, email),
      },
      now,
    );
    recordAudit(
      db,
      tx,
      STRIPE_ACTOR,
      {
        id,
        action: 'payment.refundFailed',
        target: payment.target,
        before: { refundId: refund.id, amount: refund.amount },
        after: { status: 'failed', reason: refund.failure_reason ?? null },
      },
      now,
    );
  });
}
