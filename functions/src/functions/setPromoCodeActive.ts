import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { setPromoCodeActive as setActive } from '../services/promoCodes/promoCodes';

/** Switches a promo code on or off (administrators, audited). */
export const setPromoCodeActive = onCallable(
  CALLABLES.setPromoCodeActive,
  async ({ code, active }, admin) => {
    await setActive(db, admin, code, active);
    return { code, active };
  },
);
