import { normalisePromoCode, promoCodeSchema, promoCodesCollection } from '@rafflewin/domain';
import { documentId, endAt, limit, orderBy, query, startAt } from 'firebase/firestore';
import { useMemo } from 'react';
import { typedCollection } from '@/lib/firestoreApi';
import { useQueryData } from '@/lib/realtime';

/** The console lists at most this many codes: the newest first, or those a search finds. */
export const PROMO_CODES_LIMIT = 200;

const promoCodes = typedCollection(promoCodesCollection, promoCodeSchema);
const allPromoCodes = query(promoCodes, orderBy('createdAt', 'desc'), limit(PROMO_CODES_LIMIT));

/** The codes beginning with `prefix` (a code is its document's id), in code order. */
const codesStartingWith = (prefix: string) =>
  query(
    promoCodes,
    orderBy(documentId()),
    startAt(prefix),
    endAt(`${prefix}\uf8ff`),
    limit(PROMO_CODES_LIMIT),
  );

/**
 * Every promo code, on or off, newest first; with `search`, the codes beginning with it as a
 * code is typed (capitals), so a code older than the newest PROMO_CODES_LIMIT can be found.
 * Kept live (a save shows at once).
 */
export function usePromoCodes(search = '') {
  const prefix = normalisePromoCode(search);
  const codes = useMemo(() => (prefix ? codesStartingWith(prefix) : allPromoCodes), [prefix]);
  return useQueryData(codes);
}
