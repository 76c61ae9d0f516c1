import {
  RATE_LIMITS,
  CALLABLES,
  CHECKOUT_MESSAGES,
  ShopError,
  type StartCheckoutInput,
  type StartCheckoutOutput,
} from '@rafflewin/domain';
import { logger } from 'firebase-functions/v2';
import { errorFields } from '../lib/logging';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { cancelOpenCheckouts } from '../services/checkout/cancel';
import { loadCheckoutRaffles } from '../services/checkout/loadCheckoutRaffles';
import { releaseReservation } from '../services/checkout/release';
import { refuseBeforeReplacing } from '../services/checkout/replace';
import { reserveTickets } from '../services/checkout/reserve';
import { createStripeCheckout } from '../services/payments/createStripeCheckout';
import { checkPlayerProtection } from '../services/protection/protection';
import { countPromoTry } from '../services/promoCodes/promoCodes';
import { enforceRateLimit, rateLimitReached } from '../services/rateLimit';
import { requireCardPayments } from '../services/payments/stripe';

/** Times a checkout starts again when its raffles' terms change under it, before giving up. */
const TERMS_ATTEMPTS = 3;

/**
 * The rate limit a checkout counts against: a paid cart's (each opens a Stripe page) or a
 * giveaway cart's (each reserves from the pool and releases the one before).
 */
const checkoutLimit = (paid: boolean, uid: string) =>
  paid
    ? { key: `start-checkout:${uid}`, limit: RATE_LIMITS.startCheckout }
    : { key: `start-free-checkout:${uid}`, limit: RATE_LIMITS.startFreeCheckout };

/**
 * The cart checked against its live raffles and reserved; started again, its holds let go,
 * when an administrator's save changed a raffle's terms while it was being reserved
 * (reserveTickets' `watchTerms`).
 */
async function reserveOnCurrentTerms(input: StartCheckoutInput, uid: string) {
  for (let attempt = 1; ; attempt += 1) {
    const now = new Date();
    const lines = await loadCheckoutRaffles(db, input.items, uid, now);
    const paid = lines.some((line) => line.raffle.ticketPrice > 0);
    if (paid) requireCardPayments();
    // Refused before the earlier checkouts are released: a refused retry changes nothing.
    const allowance = checkoutLimit(paid, uid);
    if (await rateLimitReached(db, allowance.key, allowance.limit, now)) {
      throw new ShopError('resource-exhausted', allowance.limit.message);
    }
    // What would refuse it once the earlier checkouts are gone is asked before they go.
    await refuseBeforeReplacing(db, uid, lines, input.promoCode, now);
    // Read again as they go: one that another tab opened meanwhile is replaced too.
    await cancelOpenCheckouts(db, uid);
    // The limits are checked inside the reservation, serialised per customer (reserve.ts).
    const reservation = await reserveTickets(db, uid, lines, now, {
      checkLimits: (total) => checkPlayerProtection(db, uid, total, now),
      promoCode: input.promoCode,
      watchTerms: true,
    });
    if (!reservation.termsChanged) return { ...reservation, lines, allowance };
    await releaseReservation(db, reservation.sessionId, 'cancelled');
    if (attempt === TERMS_ATTEMPTS) throw new ShopError('aborted', CHECKOUT_MESSAGES.busy);
  }
}

/**
 * Validates the cart against the live raffles, applies the player-protection checks (play
 * break, 18+, monthly spending limit), reserves its tickets for 30 minutes and says how to
 * pay: Stripe's hosted page, or nothing when free. The shopper's earlier unpaid checkouts are
 * released first, so going back and checking out again never holds tickets twice; a code or a
 * limit that refuses the new one refuses it before they are (refuseBeforeReplacing).
 */
export const startCheckout = onCallable(
  CALLABLES.startCheckout,
  async (input, caller): Promise<StartCheckoutOutput> => {
    if (input.promoCode) await countPromoTry(db, caller.uid);
    const reservation = await reserveOnCurrentTerms(input, caller.uid);
    const { lines, allowance } = reservation;
    const base = {
      sessionId: reservation.sessionId,
      amount: reservation.amount,
      expiresAt: reservation.expiresAt.toISOString(),
    };
    try {
      // Counted here, not before the reservation: a count taken first would queue a customer's
      // checkouts one behind another, where the spending checks are made to meet them at once.
      // A full window was refused before anything changed (reserveOnCurrentTerms); this count
      // refuses the few that raced past that look.
      await enforceRateLimit(db, allowance.key, allowance.limit);
      if (reservation.amount === 0) return { ...base, provider: 'free', checkoutUrl: null };
      const url = await createStripeCheckout(db, reservation, lines, caller);
      return { ...base, provider: 'stripe', checkoutUrl: url };
    } catch (error) {
      await releaseReservation(db, reservation.sessionId, 'cancelled');
      if (error instanceof ShopError) throw error;
      logger.error('Stripe Checkout Session not created', { ...errorFields(error) });
      throw new ShopError('unavailable', CHECKOUT_MESSAGES.providerFailed, 'payment-provider');
    }
  },
);
