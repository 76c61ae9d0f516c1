import { CHECKOUT_MESSAGES } from '@rafflewin/domain';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/v2';
import { hasCode } from '../../lib/errorCode';
import { readSession, sessionRef } from '../checkout/sessions';
import { notifyUser } from '../notifications/notify';
import { stripe, stripeEnabled } from './stripe';

/** Why a payment is given back, as the customer is told (in the app and by e-mail). */
export interface RefundNotice {
  /** Names the refund (Stripe's idempotency key) and its notice, with the reservation's id. */
  key: string;
  message: string;
}

/** A payment that made no order: its Stripe PaymentIntent, its reservation and its customer. */
export interface UnorderedPayment {
  intentId: string | null;
  reservationId: string;
  userId: string;
}

/**
 * The reason the reservation's payment is refunded under: the one given first, kept on the
 * reservation (`kept`: there is one to keep it on). A payment refunded as late and delivered
 * again after its raffle was cancelled is not refunded and told a second time, for the new
 * reason.
 */
async function firstReason(
  db: Firestore,
  reservationId: string,
  notice: RefundNotice,
): Promise<{ notice: RefundNotice; kept: boolean }> {
  const ref = sessionRef(db, reservationId);
  return db.runTransaction(async (tx) => {
    const reservation = readSession(await tx.get(ref));
    if (!reservation) return { notice, kept: false };
    if (reservation.refundNotice) return { notice: reservation.refundNotice, kept: true };
    tx.update(ref, { refundNotice: notice });
    return { notice, kept: true };
  });
}

/**
 * Refunds a payment that made no order in full, once however often the event arrives (Stripe
 * idempotency key; the notice has a fixed id, so it is written and e-mailed once), and tells
 * the customer. A payment its customer's bank is taking back (a dispute) cannot be refunded
 * too: the customer is told the bank returns it, and a dispute closed in the shop's favour
 * refunds it then (`onDisputeClosed`), under its own reason.
 */
export async function refundInFull(
  db: Firestore,
  { intentId, reservationId, userId }: UnorderedPayment,
  given: RefundNotice,
): Promise<void> {
  const { notice, kept } = await firstReason(db, reservationId, given);
  let disputed = false;
  if (intentId && stripeEnabled()) {
    try {
      await (
        await stripe()
      ).refunds.create(
        { payment_intent: intentId, metadata: { reservationId, reason: notice.key } },
        { idempotencyKey: `${notice.key}-${reservationId}` },
      );
    } catch (error) {
      // Stripe keeps idempotency keys for a day but retries events for three: a redelivery
      // after that finds the payment already refunded, which is the outcome we want.
      disputed = hasCode(error, 'charge_disputed');
      if (!disputed && !hasCode(error, 'charge_already_refunded')) throw error;
      if (disputed) {
        logger.warn('A payment to refund is disputed', { reservationId, intentId });
        // Nothing was refunded: the dispute's outcome decides the reason of a refund later.
        if (kept) {
          await sessionRef(db, reservationId).update({ refundNotice: FieldValue.delete() });
        }
      }
    }
  } else {
    logger.warn('No Stripe payment to refund', { reservationId });
  }
  const [title, subject, message] = disputed
    ? [
        'Payment not accepted',
        'Your payment was not accepted',
        CHECKOUT_MESSAGES.disputedNotAccepted,
      ]
    : ['Payment refunded', 'Your payment was refunded', notice.message];
  await notifyUser(
    db,
    userId,
    { type: 'account', kind: 'refund', title, message },
    { id: `${notice.key}-${reservationId}`, email: { subject, text: message, always: true } },
  );
}
