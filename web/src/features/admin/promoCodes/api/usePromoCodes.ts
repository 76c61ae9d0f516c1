import { promoCodeSchema, promoCodesCollection } from '@rafflewin/domain';
import { limit, orderBy, query } from 'firebase/firestore';
import { typedCollection } from '@/lib/firestoreApi';
import { useQueryData } from '@/lib/realtime';

/** The console lists at most this many codes, the newest first. */
export const PROMO_CODES_LIMIT = 200;

const allPromoCodes = query(
  typedCollection(promoCodesCollection, promoCodeSchema),
  orderBy('createdAt', 'desc'),
  limit(PROMO_CODES_LIMIT),
);

/** Every promo code, on or off, newest first, kept live (a save shows at once). */
export function usePromoCodes() {
  return useQueryData(allPromoCodes);
}
