import { CALLABLES, RATE_LIMITS } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { priceCart } from '../services/checkout/loadCheckoutRaffles';
import { checkPromoCode as check } from '../services/promoCodes/promoCodes';
import { enforceRateLimit } from '../services/rateLimit';

/** What a promo code would take off the cart, shown before paying (rate limited per account). */
export const checkPromoCode = onCallable(
  CALLABLES.checkPromoCode,
  async ({ code, items }, caller) => {
    await enforceRateLimit(db, `check-promo-code:${caller.uid}`, RATE_LIMITS.checkPromoCode);
    return check(db, caller.uid, code, await priceCart(db, items));
  },
);
