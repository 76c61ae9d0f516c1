import { CALLABLES, ShopError, type StartCheckoutOutput } from '@rafflewin/domain';
import { logger } from 'firebase-functions/v2';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { cancelOpenCheckouts } from '../services/checkout/cancel';
import { loadCheckoutRaffles } from '../services/checkout/loadCheckoutRaffles';
import { releaseReservation } from '../services/checkout/release';
import { reserveTickets } from '../services/checkout/reserve';
import { createStripeCheckout } from '../services/payments/createStripeCheckout';
import { checkPlayerProtection } from '../services/protection/protection';
import { countPromoTry } from '../services/promoCodes/promoCodes';
import { requireCardPayments } from '../services/payments/stripe';

/**
 * Validates the cart against the live raffles, applies the player-protection checks (play
 * break, 18+, monthly spending limit), reserves its tickets for 30 minutes and says how to
 * pay: Stripe's hosted page, or nothing when free. The shopper's earlier unpaid checkouts are
 * released first, so going back and checking out again never holds tickets twice.
 */
export const startCheckout = onCallable(
  CALLABLES.startCheckout,
  async (input, caller): Promise<StartCheckoutOutput> => {
    const now = new Date();
    if (input.promoCode) await countPromoTry(db, caller.uid);
    const lines = await loadCheckoutRaffles(db, input.items, caller.uid, now);
    if (lines.some((line) => line.raffle.ticketPrice > 0)) requireCardPayments();
    await cancelOpenCheckouts(db, caller.uid);
    // The limits are checked inside the reservation, serialised per customer (reserve.ts).
    const reservation = await reserveTickets(db, caller.uid, lines, now, {
      checkLimits: (total) => checkPlayerProtection(db, caller.uid, total, now),
      promoCode: input.promoCode,
    });
    const base = {
      sessionId: reservation.sessionId,
      amount: reservation.amount,
      expiresAt: reservation.expiresAt.toISOString(),
    };
    if (reservation.amount === 0) return { ...base, provider: 'free', checkoutUrl: null };
    try {
      const url = await createStripeCheckout(db, reservation, lines, caller);
      return { ...base, provider: 'stripe', checkoutUrl: url };
    } catch (error) {
      await releaseReservation(db, reservation.sessionId, 'cancelled');
      if (error instanceof ShopError) throw error;
      logger.error('Stripe Checkout Session not created', { error: String(error) });
      throw new ShopError('unavailable', 'Stripe failed to initialize', 'payment-provider');
    }
  },
);
