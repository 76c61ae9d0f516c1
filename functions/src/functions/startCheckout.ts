import { CALLABLES, ShopError, type StartCheckoutOutput } from '@rafflewin/domain';
import { logger } from 'firebase-functions/v2';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { loadCheckoutRaffles } from '../services/checkout/loadCheckoutRaffles';
import { releaseReservation } from '../services/checkout/release';
import { reserveTickets } from '../services/checkout/reserve';
import { createStripeCheckout } from '../services/payments/createStripeCheckout';
import { checkPlayerProtection } from '../services/protection/protection';
import { requireCardPayments, stripeEnabled } from '../services/payments/stripe';

/**
 * Validates the cart against the live raffles, applies the player-protection checks (play
 * break, 18+, monthly spending limit), reserves its tickets for 30 minutes and says how to
 * pay: Stripe's hosted page, the local test provider, or nothing when free.
 */
export const startCheckout = onCallable(
  CALLABLES.startCheckout,
  async (input, caller): Promise<StartCheckoutOutput> => {
    const now = new Date();
    const lines = await loadCheckoutRaffles(db, input.items, now);
    if (lines.some((line) => line.raffle.ticketPrice > 0)) requireCardPayments();
    const useStripe = stripeEnabled();
    // The limits are checked inside the reservation, serialised per customer (reserve.ts).
    const reservation = await reserveTickets(
      db,
      caller.uid,
      lines,
      useStripe ? 'stripe' : 'test',
      now,
      { checkLimits: (total) => checkPlayerProtection(db, caller.uid, total, now) },
    );
    const base = {
      sessionId: reservation.sessionId,
      amount: reservation.amount,
      expiresAt: reservation.expiresAt.toISOString(),
    };
    if (reservation.amount === 0) return { ...base, provider: 'free', checkoutUrl: null };
    if (!useStripe) {
      return { ...base, provider: 'test', checkoutUrl: `/checkout/pay/${reservation.sessionId}` };
    }
    try {
      const url = await createStripeCheckout(db, reservation, lines, caller);
      return { ...base, provider: 'stripe', checkoutUrl: url };
    } catch (error) {
      await releaseReservation(db, reservation.sessionId, 'cancelled');
      logger.error('Stripe Checkout Session not created', { error: String(error) });
      throw new ShopError('unavailable', 'Stripe failed to initialize', 'payment-provider');
    }
  },
);
