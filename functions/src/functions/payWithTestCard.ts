import {
  CALLABLES,
  ShopError,
  isRefusal,
  CHECKOUT_MESSAGES,
  PROTECTION_MESSAGES,
  TEST_CARD_NUMBER,
  TEST_DEBIT_CARD_NUMBER,
  TEST_DECLINED_CARD_NUMBER,
  type FulfilmentOutput,
} from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { fulfilReservation } from '../services/checkout/fulfil';
import { releaseReservation } from '../services/checkout/release';
import { ownPendingSession } from '../services/checkout/ownPendingSession';
import { requireCardPayments, stripeEnabled } from '../services/payments/stripe';

function expired(expiry: string, now: Date): boolean {
  const [month = 0, year = 0] = expiry.split('/').map(Number);
  return (
    2000 + year < now.getUTCFullYear() ||
    (2000 + year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
  );
}

/**
 * The local test provider (no STRIPE_SECRET_KEY): stands in for Stripe's hosted page. It
 * accepts only Stripe's test cards 4242 4242 4242 4242 (credit) and 4000 0566 5566 5556
 * (debit), declines 4000 0000 0000 0002, refuses a credit card over the monthly credit-card
 * cap, then runs the same fulfilment as the Stripe webhook. With Stripe configured it refuses.
 */
export const payWithTestCard = onCallable(
  CALLABLES.payWithTestCard,
  async (input, caller): Promise<FulfilmentOutput> => {
    if (stripeEnabled()) {
      throw new ShopError('failed-precondition', 'Card payments go through Stripe');
    }
    requireCardPayments();
    const now = new Date();
    const session = await ownPendingSession(db, input.sessionId, caller.uid, now);
    if (session.amount === 0) throw new ShopError('failed-precondition', 'Nothing to pay');
    if (input.cardNumber === TEST_DECLINED_CARD_NUMBER || expired(input.expiry, now)) {
      throw new ShopError('failed-precondition', CHECKOUT_MESSAGES.cardDeclined);
    }
    if (input.cardNumber !== TEST_CARD_NUMBER && input.cardNumber !== TEST_DEBIT_CARD_NUMBER) {
      throw new ShopError('invalid-argument', CHECKOUT_MESSAGES.cardInvalid);
    }
    const cardFunding = input.cardNumber === TEST_DEBIT_CARD_NUMBER ? 'debit' : 'credit';
    if (
      cardFunding === 'credit' &&
      session.creditCardAllowance !== null &&
      session.amount > session.creditCardAllowance
    ) {
      throw new ShopError(
        'failed-precondition',
        PROTECTION_MESSAGES.creditCardCap,
        'credit-card-cap',
      );
    }
    try {
      return await fulfilReservation(db, session.id, { method: 'Card', cardFunding });
    } catch (error) {
      // The raffle closed while the card form was open: nothing is taken, the hold goes.
      if (isRefusal(error, 'raffle-closed')) await releaseReservation(db, session.id, 'cancelled');
      throw error;
    }
  },
);
