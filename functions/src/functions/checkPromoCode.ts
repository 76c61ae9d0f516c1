import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { priceCart } from '../services/checkout/loadCheckoutRaffles';
import { checkPromoCode as check, countPromoTry } from '../services/promoCodes/promoCodes';

/** What a promo code would take off the cart, shown before paying (rate limited per account). */
export const checkPromoCode = onCallable(
  CALLABLES.checkPromoCode,
  async ({ code, items }, caller) => {
    await countPromoTry(db, caller.uid);
    return check(db, caller.uid, code, await priceCart(db, items));
  },
);
