import { startOfUkMonth } from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { checkPlayerProtection } from '../protection/protection';
import { checkPromoCode } from '../promoCodes/promoCodes';
import { lineTotal, type PricedLine } from './loadCheckoutRaffles';
import { isShoppersOwn, pendingCheckoutsOf } from './sessions';

/**
 * The refusals a new checkout would meet once it has let the shopper's open ones go, asked
 * before they go: a promo code that does not apply (`checkPromoCode`, which counts the code's
 * uses those checkouts hold as given back), the player-protection checks and a monthly limit
 * the cart does not fit under (the month's figure less what those checkouts hold). A refusal
 * here leaves the earlier checkout and its payment page as they were. The reservation checks
 * everything again, in its own order (reserve.ts); what only it can tell (tickets sold out,
 * a per-person maximum) still comes after the release.
 */
export async function refuseBeforeReplacing(
  db: Firestore,
  uid: string,
  lines: PricedLine[],
  promoCode: string | undefined,
  now: Date,
): Promise<void> {
  const priced = lines.map((line) => ({ raffleId: line.raffle.id, total: lineTotal(line) }));
  const [total, open] = await Promise.all([
    promoCode
      ? checkPromoCode(db, uid, promoCode, priced, now).then((offer) => offer.total)
      : priced.reduce((sum, line) => sum + line.total, 0),
    pendingCheckoutsOf(db, uid),
  ]);
  // The month's figure counts only checkouts made this month (monthSpending).
  const since = startOfUkMonth(now).getTime();
  const replacing = open
    .filter((session) => isShoppersOwn(session) && session.createdAt.getTime() >= since)
    .reduce((sum, session) => sum + session.amount + session.creditApplied, 0);
  await checkPlayerProtection(db, uid, total, now, replacing);
}
