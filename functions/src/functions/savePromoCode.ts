import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { savePromoCode as save } from '../services/promoCodes/promoCodes';

/** Creates or changes a promo code (administrators, audited). */
export const savePromoCode = onCallable(CALLABLES.savePromoCode, (input, admin) =>
  save(db, admin, input),
);
