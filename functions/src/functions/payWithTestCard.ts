import {
  CHECKOUT_MESSAGES,
  TEST_CARD_NUMBER,
  TEST_DECLINED_CARD_NUMBER,
  payWithTestCardInput,
  type FulfilmentOutput,
} from '@rafflewin/domain';
import { HttpsError } from 'firebase-functions/v2/https';
import { requireCustomer } from '../lib/access';
import { validatedOnCall } from '../lib/callable';
import { db } from '../lib/firebase';
import { fulfilReservation } from '../services/checkout/fulfil';
import { ownPendingSession } from '../services/checkout/ownPendingSession';
import { stripeEnabled } from '../services/payments/stripe';

function expired(expiry: string, now: Date): boolean {
  const [month = 0, year = 0] = expiry.split('/').map(Number);
  return (
    2000 + year < now.getUTCFullYear() ||
    (2000 + year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
  );
}

/**
 * The local test provider (no STRIPE_SECRET_KEY): stands in for Stripe's hosted page. It
 * accepts only Stripe's test card 4242 4242 4242 4242 and declines 4000 0000 0000 0002, then
 * runs the same fulfilment as the Stripe webhook. With Stripe configured it refuses.
 */
export const payWithTestCard = validatedOnCall(
  payWithTestCardInput,
  async (input, request): Promise<FulfilmentOutput> => {
    if (stripeEnabled()) {
      throw new HttpsError('failed-precondition', 'Card payments go through Stripe');
    }
    const caller = await requireCustomer(request);
    const now = new Date();
    const session = await ownPendingSession(db, input.sessionId, caller.uid, now);
    if (session.amount === 0) throw new HttpsError('failed-precondition', 'Nothing to pay');
    if (input.cardNumber === TEST_DECLINED_CARD_NUMBER || expired(input.expiry, now)) {
      throw new HttpsError('failed-precondition', CHECKOUT_MESSAGES.cardDeclined);
    }
    if (input.cardNumber !== TEST_CARD_NUMBER) {
      throw new HttpsError('invalid-argument', CHECKOUT_MESSAGES.cardInvalid);
    }
    return fulfilReservation(db, session.id, { method: 'Card' });
  },
);
